import type { RenderedName } from '../../naming/index.js';
import { defineCheck, type Finding } from '../types.js';
import { perTarget } from './rendering.js';
import { nameFinding, sharedNames, wireChecker } from './wire-rule.js';

/**
 * NAME_TOO_LONG: a rendered name (`wireName ?? name`) is longer than the target's wire allows
 * (64 for OpenAI, Anthropic, Bedrock; 63 for gemini-cli…): the provider rejects the whole request.
 * Also covers names a target dropped without a collision when they are over the limit (cursor filters,
 * cline-legacy > 64), with `args.dropped` giving the target's reason.
 */
export const nameTooLong = defineCheck({
  codes: ['NAME_TOO_LONG'],
  family: 'conflicts',
  run(context) {
    return perTarget(context, ({ id: targetId, target, rendering }) => {
      const findings: Finding[] = [];
      const check = target.wire ? wireChecker(target.wire) : undefined;
      const shared = rendering.names.some((rendered) => rendered.dropped !== undefined) ? sharedNames(rendering) : new Set<string>();
      for (const rendered of rendering.names) {
        const wireName = rendered.wireName ?? rendered.name;
        const problems = check?.(wireName) ?? {};
        // A drop without a collision: too long here when the name breaks the length rule, else NAME_INVALID_CHARS reports it.
        if (rendered.refused || (rendered.dropped !== undefined && shared.has(rendered.name))) continue;
        if (!problems.tooLong) continue;
        findings.push(
          nameFinding('NAME_TOO_LONG', targetId, rendered, {
            ...problems.tooLong,
            hint: lengthHint(rendered, problems.tooLong.length, problems.tooLong.limit),
          }),
        );
      }
      return findings;
    });
  },
});

function lengthHint(rendered: RenderedName, length: number, limit: number | undefined): string {
  const over = limit !== undefined && length > limit ? length - limit : undefined;
  const by = over !== undefined ? ` by at least ${over} character${over === 1 ? '' : 's'}` : '';
  return rendered.server.length >= 8
    ? `shorten server key "${rendered.server}"${by} (it is part of every name of that server), or deny "${rendered.server}/${rendered.tool}" in a profile`
    : `shorten tool "${rendered.tool}" on server "${rendered.server}"${by}, or deny "${rendered.server}/${rendered.tool}" in a profile`;
}
