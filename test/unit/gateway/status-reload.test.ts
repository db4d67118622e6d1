/**
 * What the status page says about a config reload, over fake upstreams: a server a reload adds is started (0
 * restarts, "added by a config reload"), a server whose configuration changed is restarted (1 restart, "restarted by a
 * config reload"), and the events say which.
 */
import { describe, expect, it } from 'vitest';
import type { GatewayEvent } from '../../../src/gateway/index.js';
import { createStatusFeed } from '../../../src/gateway/status/feed.js';
import { rows, statusSnapshot } from '../../../src/gateway/status/page.js';
import { waitUntil } from '../../helpers/assertions.js';
import { settle, specs, startedGateway } from '../../helpers/fake-upstream.js';

describe('status page after a config reload', () => {
  it('counts a server the reload added as added, not restarted; a changed one as restarted', async () => {
    const feed = createStatusFeed();
    const events: GatewayEvent[] = [];
    const onEvent = (event: GatewayEvent): void => {
      events.push(event);
      feed.onEvent(event);
    };
    const { gateway, factory } = await startedGateway({ a: ['x'] }, { onEvent });
    const snapshot = () => statusSnapshot(gateway, feed, (text) => text);
    const upEvent = (server: string) => snapshot().events.find((event) => event.type === 'upstream-up' && event.server === server);
    const restarts = () => Object.fromEntries(snapshot().servers.map((server) => [server.name, server.restarts]));

    const adding = gateway.reload([...specs('a'), ...specs('b')]);
    await waitUntil(() => factory.asked.includes('b'), 'the reload did not start b');
    factory.release('b');
    expect(await adding).toMatchObject({ added: ['b'], restarted: [] });
    expect(restarts()).toEqual({ a: 0, b: 0 });
    expect(events.filter((event) => event.type === 'upstream-up' && event.server === 'b')).toEqual([
      { type: 'upstream-up', server: 'b', tools: 0, restarted: false, reload: 'added' },
    ]);
    expect(upEvent('b')).toMatchObject({ reload: 'added', text: 'added by a config reload: 0 tools' });

    const changed = [{ ...specs('a')[0]!, args: ['--v2'] }, ...specs('b')];
    const restarting = gateway.reload(changed);
    await waitUntil(() => factory.asked.filter((name) => name === 'a').length === 2, 'the reload did not restart a');
    await settle();
    factory.release('a');
    expect(await restarting).toMatchObject({ added: [], restarted: ['a'] });
    expect(restarts()).toEqual({ a: 1, b: 0 });
    expect(upEvent('a')).toMatchObject({ reload: 'changed', text: 'restarted by a config reload: 1 tools' });
    expect(rows(snapshot()).servers.map((row) => [row[0], row[4]])).toEqual([
      ['a', '1'],
      ['b', '0'],
    ]);
    await gateway.close();
  });

  it('a server removed and added again by reloads starts its restart count over', () => {
    const feed = createStatusFeed();
    feed.onEvent({ type: 'upstream-up', server: 'a', tools: 1, restarted: true });
    expect(feed.restarts('a')).toBe(1);
    feed.onEvent({ type: 'upstream-up', server: 'a', tools: 1, restarted: false, reload: 'added' });
    expect(feed.restarts('a')).toBe(0);
  });
});
