// Diagnostic: the requests a ranking misses at rank 1 (tuning half by default), with the top results and why.
// node bench/search-misses.js [--split=dev|held-out|all] [--module=<file>]  (default module: dist/search/index.js)
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const engine = await import(pathToFileURL(resolve(arg('module', join(root, 'dist', 'search', 'index.js')))).href);
const corpus = JSON.parse(readFileSync(join(root, 'bench', 'search', 'corpus.json'), 'utf8'));
const { requests } = JSON.parse(readFileSync(join(root, 'bench', 'search', 'requests.json'), 'utf8'));
const split = arg('split', 'dev');
const index = engine.buildSearchIndex(corpus.tools, { servers: corpus.servers });
for (const request of requests.filter((r) => split === 'all' || r.split === split)) {
  const steps = request.steps ?? [request.accept];
  const ok = new Set(steps.flat());
  const { results } = engine.search(index, request.request, { limit: 10 });
  if (results[0] && ok.has(results[0].qualifiedName)) continue;
  const at = results.findIndex((r) => ok.has(r.qualifiedName));
  process.stdout.write(`\n${request.id} "${request.request}" → want ${[...ok].join(' | ')} (rank ${at < 0 ? '-' : at + 1})\n`);
  for (const r of results.slice(0, 3))
    process.stdout.write(
      `   ${r.score.toFixed(2)} ${r.qualifiedName}  ${r.matches.map((m) => `${m.query}${m.term !== m.query ? '→' + m.term : ''}[${m.fields.map((f) => f.slice(0, 3)).join(',')}]`).join(' ')}\n`,
    );
  if (at > 2) {
    const r = results[at];
    process.stdout.write(
      `   … ${r.score.toFixed(2)} ${r.qualifiedName}  ${r.matches.map((m) => `${m.query}${m.term !== m.query ? '→' + m.term : ''}[${m.fields.map((f) => f.slice(0, 3)).join(',')}]`).join(' ')}\n`,
    );
  }
}
const summary = {};
// Only the half asked for: while the ranking is being changed, the held-out half's figures are not looked at.
for (const half of split === 'all' ? ['dev', 'held-out'] : [split]) {
  let r1 = 0,
    r5 = 0,
    n = 0;
  for (const request of requests.filter((r) => r.split === half)) {
    const steps = request.steps ?? [request.accept];
    const names = engine.search(index, request.request, { limit: 5 }).results.map((r) => r.qualifiedName);
    n++;
    if (names[0] && steps.flat().includes(names[0])) r1++;
    if (steps.every((step) => step.some((name) => names.includes(name)))) r5++;
  }
  summary[half] = `R@1 ${(r1 / n).toFixed(3)} R@5 ${(r5 / n).toFixed(3)}`;
}
process.stderr.write(`\n${JSON.stringify(summary)}\n`);
