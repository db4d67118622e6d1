import { fingerprint } from '../checks/baseline.js';
import { ALL_CODES, CODES } from '../checks/codes.js';
import type { Severity } from '../checks/types.js';
import { VERSION } from '../version.js';
import type { Formatter } from './types.js';
import { findingServers, locateFinding, wording } from './util.js';

/**
 * Rule docs ship in the package (docs/rules.md, one `## CODE` section each). There is no published URL to point
 * helpUri at, so each rule carries a help text naming its section instead of an invented link.
 */
export const RULES_DOC_PATH = 'docs/rules.md';

const LEVELS: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/** One reportingDescriptor per code of the code table, in ALL_CODES order (ruleIndex points into it). */
export function sarifRules() {
  return ALL_CODES.map((code) => {
    const info = CODES[code];
    return {
      id: code,
      name: code
        .toLowerCase()
        .split('_')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(''),
      shortDescription: { text: info.title },
      defaultConfiguration: { level: LEVELS[info.severity] },
      fullDescription: { text: info.title },
      help: { text: `${info.title}. See ${RULES_DOC_PATH}#${code.toLowerCase()} in the mcpns package.` },
      properties: { family: info.family },
    };
  });
}

/**
 * SARIF 2.1.0 for code-scanning uploads: rules generated from the code table, one result per finding
 * located at the config entry of each server involved (region.startLine = the line of its key),
 * logical locations naming the servers, and a stable partial fingerprint (the baseline's).
 */
export const formatSarif: Formatter = (result, options) => {
  const rules = sarifRules();
  const ruleIndex = new Map<string, number>(rules.map((rule, index) => [rule.id, index]));
  const results = result.findings.map((finding) => {
    const { message, hint } = wording(finding, 4000);
    const locations = locateFinding(finding, options.config, options.cwd).map((location) => ({
      physicalLocation: {
        artifactLocation: { uri: location.file, uriBaseId: '%SRCROOT%' },
        ...(location.line !== undefined
          ? { region: { startLine: location.line, ...(location.column !== undefined ? { startColumn: location.column } : {}) } }
          : {}),
      },
    }));
    const servers = findingServers(finding);
    return {
      ruleId: finding.code,
      ...(ruleIndex.has(finding.code) ? { ruleIndex: ruleIndex.get(finding.code)! } : {}),
      level: LEVELS[finding.severity],
      message: { text: hint ? `${message}\nhint: ${hint}` : message },
      ...(locations.length
        ? { locations }
        : servers.length
          ? { locations: servers.map((server) => ({ logicalLocations: [{ name: server, kind: 'module' }] })) }
          : {}),
      partialFingerprints: { 'mcpns/v1': fingerprint(finding) },
      properties: {
        ...(finding.target !== undefined ? { target: finding.target } : {}),
        ...(finding.name !== undefined ? { name: finding.name } : {}),
        ...(finding.members?.length ? { members: finding.members.map((member) => `${member.server}/${member.tool}`) } : {}),
        ...(servers.length ? { servers } : {}),
      },
    };
  });
  const document = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'mcpns', version: VERSION, semanticVersion: VERSION, rules } },
        results,
        properties: { targets: result.targets, summary: result.summary, ...(result.baselined !== undefined ? { baselined: result.baselined } : {}) },
      },
    ],
  };
  return JSON.stringify(document, null, 2) + '\n';
};
