// docs/rules.md from the rules (src/checks/rules/): the code table and one section per code are generated between
// the markers below; everything else in the file is written by hand. Used by `npm run docs:rules` (the built rules)
// and by test/unit/docs-rules.test.ts (the source rules: the committed file must be what this renders).

const BLOCKS = ['table', 'sections'];
const begin = (block) => `<!-- BEGIN generated ${block}: npm run docs:rules renders it from src/checks/rules/ -->`;
const end = (block) => `<!-- END generated ${block} -->`;

const code = (text) => `\`${text}\``;
const lifecycleLabel = (rule) => (rule.lifecycle === 'deprecated' && rule.replacedBy ? `deprecated (use ${code(rule.replacedBy)})` : rule.lifecycle);

/** One row per code, in documentation order. */
function table(rules) {
  const rows = rules.map(
    (rule) =>
      `| [${code(rule.code)}](#${rule.code.toLowerCase()}) | ${rule.severity} | ${rule.family} | ${lifecycleLabel(rule)} | ${rule.reportedBy.map(code).join(', ')} | ${rule.title} |`,
  );
  return ['| Code | Default severity | Family | Lifecycle | Reported by | What it says |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

function section(rule) {
  return [
    `## ${rule.code}`,
    '',
    `Default severity: **${rule.severity}** · family: ${rule.family} · lifecycle: ${lifecycleLabel(rule)}`,
    '',
    `Why: ${rule.doc.why}`,
    '',
    `${rule.doc.failingLabel ?? 'Failing'}: ${rule.doc.failing}`,
    `Passing: ${rule.doc.passing}`,
  ].join('\n');
}

/** The file with its generated blocks rendered from `rules` (the list of src/checks/rules/index.ts). */
export function renderRulesDoc(rules, current) {
  let text = current;
  const content = { table: table(rules), sections: rules.map(section).join('\n\n') };
  for (const block of BLOCKS) {
    const from = text.indexOf(begin(block));
    const to = text.indexOf(end(block));
    if (from < 0 || to < from) throw new Error(`docs/rules.md has no "${begin(block)}" … "${end(block)}" block`);
    text = `${text.slice(0, from + begin(block).length)}\n\n${content[block]}\n\n${text.slice(to)}`;
  }
  return text;
}
