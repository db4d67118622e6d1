import { foundByMeaningAlone, moreMatched, type SearchResponse, type SearchResult } from '../../search/index.js';
import type { ExposedTool, JsonObject } from './host.js';

/** Bound on a search answer's JSON (characters): a handful of full definitions fits, a runaway schema does not. */
export const MAX_ANSWER_CHARS = 60_000;
/** A definition whose description is longer is cut in a search answer (describe_tool gives it whole). */
const MAX_DESCRIPTION_CHARS = 2_000;

/** A tool result carrying the same JSON as text (what most clients show a model) and as structuredContent. */
export function jsonResult(value: JsonObject): JsonObject {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/** A tool error a model reads and can act on (isError: the model sees it, the client does not fail the turn). */
export function errorResult(message: string, details?: JsonObject): JsonObject {
  return { content: [{ type: 'text', text: message }], isError: true, ...(details ? { structuredContent: { error: message, ...details } } : {}) };
}

/** A definition as a client would list it: the fields a model needs to call the tool, nothing of the gateway's. */
export function definitionOf(exposed: ExposedTool, whole: boolean): JsonObject {
  const { definition } = exposed;
  const out: JsonObject = { name: definition['name'], server: exposed.server };
  for (const key of ['title', 'description', 'inputSchema', ...(whole ? ['outputSchema'] : []), 'annotations']) {
    if (definition[key] !== undefined) out[key] = definition[key];
  }
  if (!whole && typeof out['description'] === 'string' && out['description'].length > MAX_DESCRIPTION_CHARS) {
    out['description'] = `${out['description'].slice(0, MAX_DESCRIPTION_CHARS - 1)}…`;
  }
  return out;
}

/**
 * The search answer: the best tools with their full input schemas, as tools/list would show them, best first. A
 * definition that would take the answer over MAX_ANSWER_CHARS is given without its schema, and the answer says to
 * describe it; the first result always comes whole enough to be called or described.
 */
export function searchAnswer(response: SearchResponse, byName: ReadonlyMap<string, ExposedTool>, callTool: string, describeTool: string): JsonObject {
  const tools: JsonObject[] = [];
  const shown: SearchResult[] = [];
  const described: string[] = [];
  let size = 200;
  for (const result of response.results) {
    const exposed = byName.get(result.qualifiedName);
    if (!exposed) continue;
    shown.push(result);
    const definition = definitionOf(exposed, false);
    if (result.route) definition['route'] = result.route.name;
    // Said per tool, as a route is: the model weighs a tool that shares no word with its request for itself.
    if (foundByMeaningAlone(result)) definition['byMeaning'] = true;
    const length = JSON.stringify(definition).length;
    if (size + length > MAX_ANSWER_CHARS) {
      const { inputSchema: _schema, ...rest } = definition;
      const description = typeof rest['description'] === 'string' ? rest['description'].slice(0, 300) : undefined;
      tools.push({ ...rest, ...(description !== undefined ? { description } : {}) });
      described.push(String(definition['name']));
      size += 400;
      continue;
    }
    tools.push(definition);
    size += length;
  }
  // `matched` and `more` count the tools that match the request's words; tools found by meaning alone (re-ranking by
  // embeddings) are counted apart, so `more` does not shrink for them and no count says a word matched them.
  const more = moreMatched(response, shown);
  const byMeaning = shown.filter(foundByMeaningAlone).length;
  const answer: JsonObject = { query: response.query, tools, matched: response.matched };
  if (byMeaning) answer['byMeaning'] = byMeaning;
  if (!tools.length) {
    answer['hint'] = 'no tool matches: try other words for the task (what it does, or what it acts on)';
  } else {
    answer['hint'] = `call a tool with ${callTool} {"name", "arguments"}, or by its name where your client allows`;
  }
  if (more) answer['more'] = more;
  if (described.length) answer['schemaOmitted'] = { tools: described, hint: `too large to return here: ${describeTool} gives each definition` };
  return answer;
}
