import { describe, expect, it } from 'vitest';
import { rawResultAt } from '../../../src/gateway/raw-answer.js';

describe('rawResultAt: where the id of a raw request is in a result line, without parsing it', () => {
  it('finds the id written last after a result object, and the bounds of its value', () => {
    const line = JSON.stringify({ result: { content: [{ type: 'text', text: 'x' }] }, jsonrpc: '2.0', id: 'mcpns:12' });
    const at = rawResultAt(line)!;
    expect(at.id).toBe('mcpns:12');
    expect(`${line.slice(0, at.start)}7${line.slice(at.end)}`).toBe(
      JSON.stringify({ result: { content: [{ type: 'text', text: 'x' }] }, jsonrpc: '2.0', id: 7 }),
    );
  });

  it('skips strings (braces and escaped quotes in them) to find where the result ends', () => {
    const line = '{"result":{"text":"a } \\" ] {","list":[{"x":"}"}]},"jsonrpc":"2.0","id":"mcpns:3"}';
    expect(JSON.parse(line)).toMatchObject({ id: 'mcpns:3' });
    expect(rawResultAt(line)?.id).toBe('mcpns:3');
  });

  it('is undefined for anything it cannot be sure of without parsing', () => {
    for (const line of [
      '{"jsonrpc":"2.0","id":"mcpns:1","result":{}}', // id first
      '{"error":{"code":1,"message":"m"},"jsonrpc":"2.0","id":"mcpns:1"}', // an error
      '{"result":"text","jsonrpc":"2.0","id":"mcpns:1"}', // not an object
      '{"result": {}, "jsonrpc": "2.0", "id": "mcpns:1"}', // spaces
      '{"result":{},"jsonrpc":"2.0","id":"mcpns:1"} ', // trailing space
      '{"result":{},"jsonrpc":"2.0","id":"mcpns:"}', // no number
      '{"result":{},"jsonrpc":"2.0","id":"mcpns:1x"}',
      '{"result":{},"jsonrpc":"2.0","id":"other:1"}',
      '{"result":{},"jsonrpc":"2.0","id":1}',
      '{"result":{"a":{"id":"mcpns:1"}}}', // nested, not last
      '{"result":{},"id":"mcpns:1","jsonrpc":"2.0","id":"mcpns:2"}', // the id twice
      '{"result":{},"note":1,"jsonrpc":"2.0","id":"mcpns:1"}', // another member
      '{"result":{"a":"}"},"jsonrpc":"2.0","id":"mcpns:1"', // unclosed
      '{"result":{"id":"mcpns:1"}',
      '',
    ]) {
      expect(rawResultAt(line), line).toBeUndefined();
    }
  });
});
