import { describe, expect, it } from 'vitest';
import { computeExposure, exposeUri, rewriteResult, routeUri } from '../../../src/gateway/exposure.js';
import { matchesTemplate, namespaceTemplate, namespaceUri, parseNamespacedUri } from '../../../src/gateway/uris.js';

const servers = new Set(['files', 'My Server']);

describe('gateway resource URIs', () => {
  it('namespaces into valid URIs and parses them back, for hierarchical and opaque URIs', () => {
    for (const uri of ['file:///x', 'memo:x', 'ui://app/x', 'https://h/p?q=1#f']) {
      for (const server of servers) {
        const exposed = namespaceUri(server, uri);
        expect(() => new URL(exposed)).not.toThrow();
        expect(parseNamespacedUri(exposed, servers)).toEqual({ server, uri });
      }
    }
    expect(namespaceUri('files', 'file:///x')).toBe('files+file:///x');
    expect(namespaceUri('My Server', 'memo:x')).toBe('mcpns://My%20Server/memo%3Ax');
    expect(parseNamespacedUri('unknown+file:///x', servers)).toBeUndefined();
  });

  it('templates keep their expressions', () => {
    expect(namespaceTemplate('files', 'notes://{id}')).toBe('files+notes://{id}');
    expect(namespaceTemplate('My Server', 'notes://{id}')).toBe('mcpns://My%20Server/notes%3A%2F%2F{id}');
    expect(matchesTemplate('notes://{id}/data', 'notes://7/data')).toBe(true);
    expect(matchesTemplate('notes://{id}/data', 'notes://7/8/data')).toBe(false);
    expect(matchesTemplate('file:///{+path}', 'file:///a/b')).toBe(true);
  });

  it('only shared URIs are namespaced; results are rewritten back', () => {
    const offer = (server: string, uris: string[]) => ({
      server,
      tools: [],
      prompts: [],
      resources: uris.map((uri) => ({ uri, name: uri })),
      templates: [{ uriTemplate: 'notes://{id}', name: 'n' }],
    });
    const exposure = computeExposure([offer('a', ['memo://shared', 'file:///a']), offer('b', ['memo://shared'])], { style: 'double-underscore', key: 'k' });
    expect(exposure.resources.map((resource) => resource.uri)).toEqual(['file:///a', 'a+memo://shared', 'b+memo://shared']);
    expect(routeUri(exposure, 'file:///a')).toEqual({ server: 'a', name: 'file:///a' });
    expect(routeUri(exposure, 'b+memo://shared')).toEqual({ server: 'b', name: 'memo://shared' });
    expect(routeUri(exposure, 'b+notes://9')).toEqual({ server: 'b', name: 'notes://9' });
    expect(routeUri(exposure, 'memo://shared')).toBeUndefined();
    expect(exposeUri(exposure, 'a', 'notes://3')).toBe('a+notes://3');
    const result = { contents: [{ uri: 'memo://shared', text: 'x' }], _meta: { ui: { resourceUri: 'memo://shared' } } };
    expect(rewriteResult(result, 'b', exposure)).toEqual({
      contents: [{ uri: 'b+memo://shared', text: 'x' }],
      _meta: { ui: { resourceUri: 'b+memo://shared' } },
    });
  });
});
