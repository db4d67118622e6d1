import type { FindingBase } from '../finding-base.js';

/** Helpers the rules' wording shares. */

/** `server/tool` when the finding has both, else its name. */
export const pair = (finding: FindingBase): string =>
  finding.server !== undefined && finding.tool !== undefined ? `${finding.server}/${finding.tool}` : (finding.name ?? '');

/** Every member of a collision as `server/tool`, comma-separated. */
export const memberList = (finding: FindingBase): string => (finding.members ?? []).map((member) => `${member.server}/${member.tool}`).join(', ');

/** The hint a check computed for this very finding (names the actual server/tool), when it did. */
export const argHint = (finding: FindingBase & { args?: object }): string | undefined => {
  const hint = finding.args && 'hint' in finding.args ? finding.args.hint : undefined;
  return typeof hint === 'string' && hint ? hint : undefined;
};
