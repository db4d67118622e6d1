import type { RenderedName } from '../../naming/index.js';
import { defineCheck, type Finding } from '../types.js';
import { perTarget } from './rendering.js';
import { firstProblem, nameFinding, partArgs, sharedNames, wholeWireName, wireChecker } from './wire-rule.js';

/**
 * NAME_TOO_LONG: a rendered name (`wireName ?? name`, or the namespace or function of a namespaced name) is longer than
 * the target's wire allows (64 for OpenAI, Bedrock; 128 for Anthropic; 63 for gemini-cli…): the provider rejects the
 * whole request.
 * Also covers names a target dropped without a collision when they are over the limit (cursor filters, claude-code > 128,
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
      // An index loop: a for-of over a million names allocates an iterator result per name until the loop is optimized.
      for (let at = 0; at < rendering.names.length; at++) {
        const rendered = rendering.names[at]!;
        // A drop without a collision: too long here when the name breaks the length rule, else NAME_INVALID_CHARS reports it.
        if (rendered.refused || (rendered.dropped !== undefined && shared.has(rendered.name))) continue;
        const whole = wholeWireName(rendered);
        if (whole !== undefined && (!target.wire || whole.length <= target.wire.maxLength)) continue; // the common case
        const found = firstProblem(check, rendered, (problems) => problems.tooLong !== undefined);
        if (!found) continue;
        const tooLong = found.problems.tooLong!;
        findings.push(
          nameFinding('NAME_TOO_LONG', targetId, rendered, {
            ...tooLong,
            ...partArgs(found.part),
            hint: lengthHint(rendered, tooLong.length, tooLong.limit),
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
