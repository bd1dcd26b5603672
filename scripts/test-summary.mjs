// Sums the JSON reports of every suite into one closing line: "Tests: N passed, N failed, N skipped".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
for (const f of existsSync(dir)
  ? readdirSync(dir)
      .filter((x) => x.endsWith('.json'))
      .sort()
  : []) {
  const r = JSON.parse(readFileSync(join(dir, f), 'utf8'));
  let p;
  let x;
  let s;
  if (r.stats && 'expected' in r.stats) {
    // Playwright
    p = r.stats.expected + (r.stats.flaky ?? 0);
    x = r.stats.unexpected;
    s = r.stats.skipped;
  } else {
    p = r.numPassedTests;
    x = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    // unhandled errors fail the run without failing a test: count the suite as one failure
    if (r.success === false && x === 0) x = 1;
    s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  passed += p;
  failed += x;
  skipped += s;
  lines.push(`  ${f.replace(/\.json$/, '').padEnd(18)} ${p} passed, ${x} failed, ${s} skipped`);
}
console.log(`\n${lines.join('\n')}\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
