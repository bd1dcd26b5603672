// Sums the JSON reports of every suite into one closing line: "Tests: N passed, N failed, N skipped".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
const failures = [];

// Playwright nests suites; a spec whose `ok` is false failed (after its retries).
function playwrightFailures(suites, path) {
  for (const suite of suites ?? []) {
    // the outermost suite is the file; the inner ones are describe blocks
    const here = [...path, suite.title].filter(Boolean);
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) failures.push([...here, spec.title].join(' › '));
    }
    playwrightFailures(suite.suites, here);
  }
}
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
    playwrightFailures(r.suites, []);
  } else {
    p = r.numPassedTests;
    x = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    // unhandled errors fail the run without failing a test: count the suite as one failure
    if (r.success === false && x === 0) x = 1;
    s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const failedHere = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failedHere) failures.push(`${file.name} › ${a.fullName}`);
      if (file.status === 'failed' && failedHere.length === 0) failures.push(`${file.name}: ${(file.message ?? '').slice(0, 300)}`);
    }
  }
  passed += p;
  failed += x;
  skipped += s;
  lines.push(`  ${f.replace(/\.json$/, '').padEnd(18)} ${p} passed, ${x} failed, ${s} skipped`);
}
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${lines.join('\n')}\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
