import type { Catalog, CatalogTool } from '../catalog/types.js';
import { CODES, type Code } from '../checks/codes.js';
import type { FindingArgs } from '../checks/finding-args.js';
import { makeFinding, type Finding, type FindingOf } from '../checks/types.js';
import type { Snapshot } from '../snapshot/create.js';
import { serverAuthRequired } from '../checks/conflicts/server-unreachable.js';
import { compareAnnotations } from './annotations.js';
import { guessRenamesBounded } from './rename.js';
import { compareSchemas, isBreaking, type SchemaComparison } from './schema.js';
import { wordDiff } from './words.js';

type CatalogLike = Pick<Catalog | Snapshot, 'servers' | 'tools'>;

/** A note about the comparison itself (not a change): `target` is the server it concerns. */
export interface DiffNote {
  target: string;
  note: string;
}

export interface DiffOptions {
  /** Receives notes such as a rename guess that stopped early (pass them on to driftResult). */
  notes?: DiffNote[];
}

/**
 * Semantic drift between two catalogs (old → new): servers and tools added or removed (with a
 * rename guess), descriptions rewritten (word diff), schema changes classified breaking vs
 * compatible, annotation escalations. Pure and deterministic; catalogs from different configs
 * simply produce server-level findings.
 *
 * A server that failed in the new catalog is reported as SERVER_UNREACHABLE and its tools are not
 * compared (an outage is not a removal). A server disabled in the new catalog counts as removed
 * (its tools left the surface); a newly added server's tools are summarized, not listed one by one.
 */
export function diffCatalogs(before: CatalogLike, after: CatalogLike, options: DiffOptions = {}): Finding[] {
  const findings: Finding[] = [];
  const oldServers = byName(before.servers);
  const newServers = byName(after.servers);
  const names = [...new Set([...oldServers.keys(), ...newServers.keys()])].sort(compareStrings);

  for (const name of names) {
    const oldServer = oldServers.get(name);
    const newServer = newServers.get(name);
    const oldTools = before.tools.filter((tool) => tool.server === name);
    const newTools = after.tools.filter((tool) => tool.server === name);
    const wasPresent = oldServer !== undefined && oldServer.status !== 'disabled';
    const isPresent = newServer !== undefined && newServer.status !== 'disabled';

    if (newServer?.status === 'error' && newServer.error?.code === 'AUTH_REQUIRED') {
      findings.push(serverAuthRequired(name, newServer.error, { comparedTools: false }));
      if (!wasPresent) findings.push(finding('SERVER_ADDED', { server: name, name }, { toolCount: 0 }));
      continue;
    }
    if (newServer?.status === 'error') {
      findings.push(
        finding(
          'SERVER_UNREACHABLE',
          { server: name, name },
          {
            errorCode: newServer.error?.code ?? 'ERROR',
            errorMessage: newServer.error?.message ?? '',
            comparedTools: false,
          },
        ),
      );
      if (!wasPresent) findings.push(finding('SERVER_ADDED', { server: name, name }, { toolCount: 0 }));
      continue;
    }
    if (!wasPresent && isPresent) {
      findings.push(finding('SERVER_ADDED', { server: name, name }, { toolCount: newTools.length, ...(oldServer ? { previously: 'disabled' } : {}) }));
      continue;
    }
    if (wasPresent && !isPresent) {
      findings.push(finding('SERVER_REMOVED', { server: name, name }, { toolCount: oldTools.length, ...(newServer ? { now: 'disabled' } : {}) }));
      continue;
    }
    if (!wasPresent || !isPresent) continue;
    const revisionChange = revisionFinding(name, oldServer.protocolVersion, newServer.protocolVersion);
    if (revisionChange) findings.push(revisionChange);
    if (oldServer.instructions !== newServer.instructions) {
      findings.push(finding('DESCRIPTION_CHANGED', { server: name, name }, textChange('instructions', oldServer.instructions, newServer.instructions)));
    }
    findings.push(...diffServerTools(oldTools, newTools, malformedNames(oldServer), malformedNames(newServer), options.notes));
  }
  return findings.sort(compareFindings);
}

/**
 * PROTOCOL_REVISION_CHANGED when both sides recorded what the server spoke and it differs (a catalog from before
 * revisions were recorded compares as unknown, not as a change). A move back to an older revision is a warning.
 */
function revisionFinding(server: string, before: string | undefined, after: string | undefined): Finding | undefined {
  if (before === undefined || after === undefined || before === after) return undefined;
  const direction = after > before ? 'upgrade' : 'downgrade';
  return {
    ...finding('PROTOCOL_REVISION_CHANGED', { server, name: server }, { before, after, direction }),
    ...(direction === 'downgrade' ? { severity: 'warning' as const } : {}),
  };
}

/** Names of the tools a server sent that failed the MCP Tool schema (recorded in the catalog, not in its tools). */
function malformedNames(server: { malformedTools?: ReadonlyArray<{ name?: string }> }): Set<string> {
  return new Set((server.malformedTools ?? []).map((entry) => entry.name).filter((name): name is string => name !== undefined));
}

/**
 * A tool the other side recorded as malformed was sent by the server on both sides: it is neither added nor removed
 * (MALFORMED_TOOL in lint says what is wrong with it).
 */
function diffServerTools(
  oldTools: CatalogTool[],
  newTools: CatalogTool[],
  oldMalformed: Set<string>,
  newMalformed: Set<string>,
  notes: DiffNote[] | undefined,
): Finding[] {
  const findings: Finding[] = [];
  const oldByName = byName(oldTools);
  const newByName = byName(newTools);
  const removed = [...oldByName.values()].filter((tool) => !newByName.has(tool.name) && !newMalformed.has(tool.name));
  const added = [...newByName.values()].filter((tool) => !oldByName.has(tool.name) && !oldMalformed.has(tool.name));
  const { renames, stopped } = guessRenamesBounded(removed, added);
  if (stopped) notes?.push(renameNote(removed[0]!.server, stopped));
  const renamedFrom = new Map([...renames].map(([from, to]) => [to, from]));

  for (const tool of removed) {
    const to = renames.get(tool.name);
    findings.push(finding('TOOL_REMOVED', where(tool), to === undefined ? {} : { renamedTo: to }));
  }
  for (const tool of added) {
    const from = renamedFrom.get(tool.name);
    findings.push(finding('TOOL_ADDED', where(tool), from === undefined ? {} : { renamedFrom: from }));
  }
  for (const [name, oldTool] of oldByName) {
    const newTool = newByName.get(name);
    if (newTool) findings.push(...diffTool(oldTool, newTool));
  }
  return findings;
}

function renameNote(server: string, stopped: { compared: number; total: number }): DiffNote {
  return {
    target: server,
    note: `rename guess gave up after comparing ${stopped.compared} of ${stopped.total} removed/added tool pairs (too much text to compare); the others are reported as plain removals and additions`,
  };
}

/** Findings for one tool present on both sides. */
export function diffTool(oldTool: CatalogTool, newTool: CatalogTool): Finding[] {
  const findings: Finding[] = [];
  const at = where(newTool);
  if (oldTool.description !== newTool.description) {
    findings.push(finding('DESCRIPTION_CHANGED', at, textChange('description', oldTool.description, newTool.description)));
  }
  for (const [schema, direction] of [
    ['inputSchema', 'input'],
    ['outputSchema', 'output'],
  ] as const) {
    const comparison = compareSchemas(oldTool[schema], newTool[schema]);
    findings.push(...schemaFindings(at, schema, direction, comparison));
  }
  const annotations = compareAnnotations(oldTool.annotations, newTool.annotations);
  if (annotations) {
    findings.push({
      ...finding('ANNOTATIONS_CHANGED', at, {
        changes: annotations.changes.join('; '),
        ...(annotations.escalation.length ? { escalation: annotations.escalation } : {}),
      }),
      severity: annotations.severity,
    });
  }
  return findings;
}

function schemaFindings(
  at: Pick<Finding, 'server' | 'tool' | 'name'>,
  schema: 'inputSchema' | 'outputSchema',
  direction: 'input' | 'output',
  comparison: SchemaComparison,
): Finding[] {
  const findings: Finding[] = [];
  const breaking = comparison.changes.filter((change) => isBreaking(change, direction));
  const compatible = comparison.changes.filter((change) => !isBreaking(change, direction));
  const describe = (changes: typeof breaking) => ({
    schema,
    changes: changes.map((change) => (change.path ? `${change.path}: ${change.change}` : change.change)).join('; '),
    details: changes.map(({ path, change }) => ({ path, change })),
  });
  if (breaking.length) findings.push(finding('SCHEMA_BREAKING', at, describe(breaking)));
  if (compatible.length) findings.push(finding('SCHEMA_COMPATIBLE', at, describe(compatible)));
  for (const description of comparison.descriptions) {
    const field = description.path ? `${schema}.${description.path}` : schema;
    findings.push(finding('DESCRIPTION_CHANGED', at, textChange(field, description.before, description.after)));
  }
  return findings;
}

/** DESCRIPTION_CHANGED arguments: the field, a bounded word diff, and the exact texts (JSON keeps them). */
function textChange(field: string, before: string | undefined, after: string | undefined): FindingArgs['DESCRIPTION_CHANGED'] {
  return {
    field,
    diff: wordDiff(before, after),
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
  };
}

function finding<C extends Code>(code: C, at: Pick<Finding, 'server' | 'tool' | 'name'>, args: FindingArgs[C]): FindingOf<C> {
  return makeFinding(code, { severity: CODES[code].severity, ...at, ...(Object.keys(args).length ? { args } : {}) });
}

function where(tool: CatalogTool): Pick<Finding, 'server' | 'tool' | 'name'> {
  return { server: tool.server, tool: tool.name, name: `${tool.server}/${tool.name}` };
}

function byName<T extends { name: string }>(items: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  // A duplicate tool name inside one server is a lint finding; drift compares the first one.
  for (const item of items) if (!map.has(item.name)) map.set(item.name, item);
  return map;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Code, then name, then the field a finding is about (several DESCRIPTION_CHANGED per tool). */
function compareFindings(a: Finding, b: Finding): number {
  return compareStrings(a.code, b.code) || compareStrings(a.name ?? '', b.name ?? '') || compareStrings(aboutField(a), aboutField(b));
}

/** The schema or text field a drift finding is about ('' for the others). */
function aboutField(finding: Finding): string {
  if (finding.code === 'DESCRIPTION_CHANGED') return finding.args?.field ?? '';
  if (finding.code === 'SCHEMA_BREAKING' || finding.code === 'SCHEMA_COMPATIBLE') return finding.args?.schema ?? '';
  return '';
}
