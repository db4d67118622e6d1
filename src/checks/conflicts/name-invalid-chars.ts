import { defineCheck, type Finding } from '../types.js';
import { perTarget } from './rendering.js';
import { describeChars, firstProblem, nameFinding, partArgs, sharedNames, wholeWireName, wireChecker, wireParts } from './wire-rule.js';

/**
 * NAME_INVALID_CHARS: a rendered name (`wireName ?? name`) has characters the target's wire rejects
 * (OpenAI/Anthropic/Bedrock `[A-Za-z0-9_-]`: no `.`, `/`, spaces or non-ASCII; Gemini must start with a
 * letter or `_`). Targets that sanitize never trigger it; `slash` or unprefixed targets with odd tool names do.
 * Also covers names a target dropped for any reason other than a collision or length (a reserved name, a
 * separator inside a server key), with the target's reason in `args.dropped`.
 */
export const nameInvalidChars = defineCheck({
  codes: ['NAME_INVALID_CHARS'],
  family: 'conflicts',
  run(context) {
    return perTarget(context, ({ id: targetId, target, rendering }) => {
      const findings: Finding[] = [];
      const check = target.wire ? wireChecker(target.wire) : undefined;
      const shared = rendering.names.some((rendered) => rendered.dropped !== undefined) ? sharedNames(rendering) : new Set<string>();
      // An index loop: a for-of over a million names allocates an iterator result per name until the loop is optimized.
      for (let at = 0; at < rendering.names.length; at++) {
        const rendered = rendering.names[at]!;
        // A refused name never exists (NAME_REFUSED); a dropped shared name is a collision.
        if (rendered.refused || (rendered.dropped !== undefined && shared.has(rendered.name))) continue;
        if (rendered.dropped === undefined) {
          const whole = wholeWireName(rendered);
          if (whole !== undefined && (!target.wire || target.wire.pattern.test(whole))) continue; // the common case
        }
        const found = firstProblem(check, rendered, (problems) => problems.invalid !== undefined);
        const tooLong = !found && wireParts(rendered).some((part) => check?.(part.text).tooLong);
        // Any other drop (a reserved name, a separator inside the server key…) is the target rejecting the name.
        const invalid = found?.problems.invalid ?? (rendered.dropped !== undefined && !tooLong ? { chars: [], problem: rendered.dropped } : undefined);
        if (!invalid) continue;
        const inServer = [...rendered.server].some((char) => invalid.chars.includes(char));
        const inTool = [...rendered.tool].some((char) => invalid.chars.includes(char));
        findings.push(
          nameFinding('NAME_INVALID_CHARS', targetId, rendered, {
            chars: invalid.chars.length ? describeChars(invalid.chars) : (invalid.problem ?? 'the name breaks the rule'),
            ...(found ? partArgs(found.part) : {}),
            ...(target.wire ? { charset: target.wire.charset } : {}),
            hint: inServer
              ? `rename server key "${rendered.server}" to ${target.wire?.charset ?? 'letters, digits and "-"'} characters only, or use a target that sanitizes names`
              : inTool
                ? `the tool name "${rendered.tool}" itself breaks ${targetId}: deny "${rendered.server}/${rendered.tool}" in a profile, or use a target that sanitizes names`
                : `${invalid.problem ?? 'the composed name breaks the rule'}: use a target that sanitizes names`,
          }),
        );
      }
      return findings;
    });
  },
});
