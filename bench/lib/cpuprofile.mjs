// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by package.
// Usage: node bench/lib/cpuprofile.mjs <file.cpuprofile> [top=25]
import { readFileSync } from 'node:fs';

export function summarize(file, top = 25) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (let i = 0; i < p.samples.length; i++) {
    const dt = p.timeDeltas[i] ?? 0;
    self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + dt);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fn = new Map();
  const pkg = new Map();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '');
    const key = `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim();
    fn.set(key, (fn.get(key) ?? 0) + us);
    const group = !url
      ? functionName.startsWith('(')
        ? functionName
        : '(native)'
      : url.startsWith('node:')
        ? 'node core'
        : url.includes('/node_modules/')
          ? url
              .split('/node_modules/')
              .pop()
              .split('/')
              .slice(0, url.split('/node_modules/').pop().startsWith('@') ? 2 : 1)
              .join('/')
          : url.includes('/apps/server/')
            ? 'apps/server'
            : url.includes('/packages/contracts/')
              ? 'packages/contracts'
              : url;
    pkg.set(group, (pkg.get(group) ?? 0) + us);
  }
  const pct = (us) => `${((us / total) * 100).toFixed(1)}%`;
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: total / 1000,
    byPackage: sorted(pkg).map(([k, v]) => [k, pct(v)]),
    byFunction: sorted(fn)
      .slice(0, top)
      .map(([k, v]) => [k, pct(v)]),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const s = summarize(process.argv[2], Number(process.argv[3] ?? 25));
  console.log(`total sampled: ${s.totalMs.toFixed(0)} ms`);
  console.log('\nself time by package:');
  for (const [k, v] of s.byPackage.slice(0, 20)) console.log(`  ${v.padStart(6)}  ${k}`);
  console.log('\nself time by function:');
  for (const [k, v] of s.byFunction) console.log(`  ${v.padStart(6)}  ${k}`);
}
