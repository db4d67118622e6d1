// Preloaded into the gateway by bench/gateway.js (`node --expose-gc --import bench/gc-probe.js bin/mcpns.js serve …`):
// on SIGUSR2 it collects garbage fully and reports its memory on stderr, so the benchmark compares the RSS of a settled
// heap at each point instead of wherever the collector happened to be.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.stderr.write(`mcpns-bench-memory rss=${rss} heapUsed=${heapUsed}\n`);
});
