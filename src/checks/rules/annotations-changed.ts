import { defineRule } from './define.js';
import { pair } from './wording.js';

export type AnnotationsChangedArgs = { changes: string; escalation?: string[] };

export const annotationsChanged = defineRule<AnnotationsChangedArgs>()({
  code: 'ANNOTATIONS_CHANGED',
  severity: 'warning',
  lifecycle: 'stable',
  family: 'drift',
  reportedBy: ['diff'],
  title: "A tool's annotations changed",
  message: (f) =>
    f.args?.escalation?.length
      ? `annotations of "${pair(f)}" escalated: ${f.args.escalation.join(', ')}`
      : `annotations of "${pair(f)}" changed: ${f.args?.changes ?? ''}`,
  hint: (f) => (f.args?.escalation?.length ? 'the tool now says it may modify, delete or reach outside; review it before allowing it again' : undefined),
  doc: {
    why: `annotations drive client confirmations (\`readOnlyHint\`, \`destructiveHint\`); a tool that stops being read-only
or becomes destructive deserves a review.`,
    failing: `\`readOnlyHint: true\` → \`false\`, or \`destructiveHint\` added.`,
    passing: `unchanged annotations.`,
  },
});
