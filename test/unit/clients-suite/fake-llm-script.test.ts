/** The fake LLM's scripted tool calls (test/clients/gateway.test.ts): the tool results it reads, the calls it answers with. */
import { describe, expect, it } from 'vitest';
import { startFakeLlm, toolResultsOf } from '../../../fixtures/llm/fake-llm.js';

describe('fake LLM scripting', () => {
  it('reads the tool results each API carries back, in order', () => {
    expect(
      toolResultsOf('anthropic', {
        messages: [
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: [{ type: 'text', text: 'one' }] }] },
          { role: 'user', content: [{ type: 'tool_result', content: 'two' }] },
        ],
      }),
    ).toEqual(['one', 'two']);
    expect(toolResultsOf('responses', { input: [{ type: 'function_call_output', output: 'one' }, { type: 'message' }] })).toEqual(['one']);
    expect(
      toolResultsOf('chat', {
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'tool', content: 'one' },
        ],
      }),
    ).toEqual(['one']);
    expect(toolResultsOf('gemini', { contents: [{ parts: [{ functionResponse: { name: 'x', response: { output: 'one' } } }] }] })).toEqual([
      '{"output":"one"}',
    ]);
  });

  it('answers with the tool call reply scripts, in each API, and records it', async () => {
    const llm = await startFakeLlm({
      reply: (request) => (request.toolResults?.length ? undefined : { name: 'search_tools', arguments: { query: 'q' }, namespace: 'mcp__x' }),
    });
    const post = async (path: string, body: unknown): Promise<any> =>
      (await fetch(`${llm.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    try {
      const anthropic = await post('/v1/messages', { messages: [] });
      expect(anthropic).toMatchObject({ stop_reason: 'tool_use', content: [{ type: 'tool_use', name: 'search_tools', input: { query: 'q' } }] });
      const responses = await post('/v1/responses', { input: [] });
      expect(responses.output[0]).toMatchObject({ type: 'function_call', name: 'search_tools', namespace: 'mcp__x', arguments: '{"query":"q"}' });
      const chat = await post('/v1/chat/completions', { messages: [] });
      expect(chat.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { tool_calls: [{ function: { name: 'search_tools' } }] } });
      const gemini = await post('/v1beta/models/m:generateContent', { contents: [] });
      expect(gemini.candidates[0].content.parts).toEqual([{ functionCall: { name: 'search_tools', args: { query: 'q' } } }]);
      // With a result in the request, the script answers nothing: the usual "ok".
      const after = await post('/v1/chat/completions', { messages: [{ role: 'tool', content: 'found' }] });
      expect(after.choices[0].message.content).toBe('ok');
      expect(llm.requests.map((request) => request.called?.name ?? null)).toEqual(['search_tools', 'search_tools', 'search_tools', 'search_tools', null]);
    } finally {
      await llm.close();
    }
  });
});
