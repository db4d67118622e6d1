// Summarise a V8 .cpuprofile (from `node --cpu-prof`) for bench/RESULTS.md: where the sampled time went, by area
// (module loading, garbage collection, each package, each folder of mcpns) and the heaviest functions by self time.

/** Where a frame's code lives: a package, a folder of mcpns's dist, Node's internals, or V8 itself. */
function areaOf(frame, root) {
  const url = frame.url.replace('file://', '');
  if (!url) return frame.functionName === '(garbage collector)' ? 'garbage collection' : frame.functionName === '(program)' ? 'V8 (program)' : 'native';
  if (url.startsWith('node:')) return 'node internals';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1];
  const dist = url.startsWith(root) ? /\/dist\/([^/]+)/.exec(url.slice(root.length)) : undefined;
  return dist ? `mcpns ${dist[1]}` : url;
}

const LOADING =
  /^(compileSourceTextModule|compileForInternalLoader|wrapSafe|moduleLoad|require|link|instantiate|getModuleJob|#?cachedDefaultResolve|resolve|defaultResolve|loadAndTranslate|readFileSync|Module\._(load|compile|extensions)|evaluate)/;

export function summarizeProfile(profile, { root, top = 8 } = {}) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfTime = new Map();
  profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  let total = 0;
  let loading = 0;
  const areas = new Map();
  const functions = new Map();
  for (const [id, micros] of selfTime) {
    total += micros;
    const frame = byId.get(id).callFrame;
    const area = areaOf(frame, root);
    areas.set(area, (areas.get(area) ?? 0) + micros);
    const key = `${frame.functionName || '(anonymous)'} (${frame.url ? `${frame.url.replace(`file://${root}/`, '').replace('file://', '')}:${frame.lineNumber + 1}` : area})`;
    functions.set(key, (functions.get(key) ?? 0) + micros);
    // Module loading: any sample under a loader frame.
    for (let current = id; current !== undefined; current = parent.get(current)) {
      if (LOADING.test(byId.get(current).callFrame.functionName)) {
        loading += micros;
        break;
      }
    }
  }
  const ms = (micros) => `${(micros / 1000).toFixed(0)} ms`;
  const share = (micros) => `${((micros / total) * 100).toFixed(0)}%`;
  const heaviest = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `${name} ${ms(micros)} (${share(micros)})`);
  const text = `${ms(total)} sampled; module loading ${ms(loading)} (${share(loading)}). By area (self time): ${heaviest(areas).join(', ')}. Heaviest functions (self time): ${heaviest(functions).join('; ')}.`;
  return { totalMs: total / 1000, loadingMs: loading / 1000, text };
}
