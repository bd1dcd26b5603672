#!/usr/bin/env node
// Runs the tests that touch the files changed since a git ref (default: the working tree against
// HEAD, untracked files included): the quick loop before a commit. docs/testing.md says what it
// picks and what it leaves to `npm test`.
//
//   npm run test:changed                 # uncommitted changes
//   npm run test:changed -- --since main # everything since main (a branch's work)
//   npm run test:changed -- --pg         # the server's tests on PostgreSQL too
//   npm run test:changed -- --dry        # print the plan only
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const args = process.argv.slice(2);
const flag = (f) => args.includes(f);
const since = args.includes('--since') ? args[args.indexOf('--since') + 1] : null;
const ROOT = new URL('..', import.meta.url).pathname;
const git = (...a) => spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);

const changed = [
  ...new Set(
    since
      ? [...git('diff', '--name-only', `${since}...HEAD`), ...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')]
      : [...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')],
  ),
].filter((f) => existsSync(join(ROOT, f)));

const SERVER = 'apps/server';
const walk = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.name === 'node_modules' || e.name === 'dist' ? [] : e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
      )
    : [];
const serverTests = [...walk(join(ROOT, SERVER, 'src')), ...walk(join(ROOT, SERVER, 'test'))].filter((f) => f.endsWith('.test.ts'));
const modules = readdirSync(join(ROOT, SERVER, 'src/modules'));

/** Server test files for a module: its own, and those elsewhere that import it by path. */
function testsOfModule(m) {
  const own = serverTests.filter((f) => f.includes(`/src/modules/${m}/`));
  const importers = serverTests.filter((f) => !f.includes(`/src/modules/${m}/`) && readFileSync(f, 'utf8').includes(`modules/${m}/`));
  return [...own, ...importers];
}

const server = new Set();
let serverAll = false;
const web = [];
let repo = false;
let contracts = false;
const e2e = new Set();
let matrix = false;

for (const f of changed) {
  if (f.startsWith(`${SERVER}/`) && f.endsWith('.test.ts')) server.add(join(ROOT, f));
  else if (f.startsWith(`${SERVER}/src/modules/`)) for (const t of testsOfModule(f.split('/')[4])) server.add(t);
  else if (f.startsWith(`${SERVER}/test/access/`)) matrix = true;
  else if (f.startsWith(`${SERVER}/`) && /\.(ts|sql|json)$/.test(f))
    serverAll = true; // app, plugins, db, http: everything depends on them
  else if (f.startsWith('packages/contracts/src/')) {
    contracts = true;
    const area = f.split('/')[3];
    if (modules.includes(area)) for (const t of testsOfModule(area)) server.add(t);
    else if (!f.endsWith('.test.ts')) serverAll = true; // core, shared: every route
    web.push(f);
  } else if (f.startsWith('apps/web/')) web.push(f);
  else if (f.startsWith('apps/wechatpay-sim/')) server.add('wechatpay-sim');
  else if (f.startsWith('tests/') && !f.startsWith('tests/cluster/')) repo = true;
  else if (f.startsWith('e2e/') && f.endsWith('.spec.ts')) e2e.add(f.slice(4, -8));
  if (/\.(ts|tsx|mjs)$/.test(f)) repo = true; // imports, cycles and boundaries may change with any source file
}

const steps = [];
const vitest = (root, extra, env = {}) => ({ cmd: 'npx', args: ['vitest', 'run', '--root', root, ...extra], env });
if (contracts) steps.push(['contracts', vitest('packages/contracts', [])]);
if (repo) steps.push(['repository checks', vitest('tests', [])]);
const wechatpay = server.delete('wechatpay-sim');
const serverFiles = [...server].map((f) => relative(join(ROOT, SERVER), f));
if (matrix) serverFiles.push('test/access');
if (serverAll || serverFiles.length) {
  const files = serverAll ? [] : serverFiles;
  steps.push(['server on PGlite', vitest(SERVER, files, { RRP_TEST_DB: 'pglite' })]);
  if (flag('--pg')) steps.push(['server on PostgreSQL', vitest(SERVER, files, { RRP_TEST_DB: 'postgres' })]);
}
if (wechatpay) steps.push(['WeChat Pay simulator', vitest('apps/wechatpay-sim', [])]);
// A page of a feature (either console) runs its folder's tests: every test that renders the whole
// app imports the route table, whose lazy imports reach every page, so `vitest related` would
// name them all. Shared web layers and the contracts do use `vitest related`.
const WEB_AREA = /^apps\/web\/src\/(features|ops)\/([^/]+)\//;
const webAreas = new Set(web.map((f) => WEB_AREA.exec(f)?.slice(1, 3).join('/')).filter(Boolean));
const webShared = web.filter((f) => !WEB_AREA.test(f));
if (webAreas.size)
  steps.push([
    'web (the changed features’ tests)',
    vitest(
      'apps/web',
      [...webAreas].map((a) => `src/${a}/`),
    ),
  ]);
if (webShared.length)
  steps.push([
    'web (tests related to the changed shared files)',
    { cmd: 'npx', args: ['vitest', 'related', '--run', '--root', 'apps/web', ...webShared.map((f) => join(ROOT, f))], env: {} },
  ]);
if (e2e.size)
  steps.push([
    'end-to-end (changed specs; run `npm run build` first)',
    { cmd: 'npx', args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...e2e], env: {} },
  ]);

console.log(`${changed.length} changed file(s)${since ? ` since ${since}` : ''}`);
if (steps.length === 0) console.log('no tests touch them');
for (const [name, s] of steps) console.log(`- ${name}: ${s.args.slice(2).join(' ').replaceAll(ROOT, '')}`);
if (flag('--dry')) process.exit(0);

let failed = 0;
const started = Date.now();
for (const [name, s] of steps) {
  console.log(`\n=== ${name}`);
  const r = spawnSync(s.cmd, s.args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...s.env } });
  if (r.status !== 0) failed = 1;
}
console.log(`\n=== changed-files tests ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed);
