import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type ApiKey, ENDPOINTS } from '@rrp/contracts';
import { describe, expect, it } from 'vitest';
import { rel, sourceFiles } from './sources.js';
import { tenantTables, unscopedTenantReads } from './tenant-reads.js';

const isTenantKey = (key: string) => {
  const e = ENDPOINTS[key as ApiKey];
  return !!e && (e.principal === 'member' || e.principal === 'device');
};

/**
 * Code that member and device handlers run and that reads a tenant table without the scope's
 * filter on purpose, keyed `file:function` under apps/server/src/modules, each with its reason.
 * Staff routes (platform-wide) and jobs are not reached from these handlers, so not listed.
 */
const ALLOWED: Record<string, string> = {
  'alarms/settings.ts:poolWarning': "the payer's pool warning: the payer (payerOf) may be an ancestor outside the caller's scope",
  'ac/import.ts:checkAcRows': 'an AC code is unique across the platform: the import refuses one that any company holds',
  'ac/licenses.ts:acStock': "the payer's AC License stock: the payer (payerOf) may be an ancestor outside the caller's scope",
  'ac/licenses.ts:acLicenseCount': "the payer's AC License stock: the payer (payerOf) may be an ancestor outside the caller's scope",
  'account/settings.ts:me': "self scope: the caller's own user row, by its user id",
  'account/settings.ts:changeEmail': "self scope: the caller's own user row, by its user id",
  'account/settings.ts:changePassword': "self scope: the caller's own user row, by its user id",
  'account/settings.ts:updateAccount': "self scope: the caller's own user row, by its user id",
  'account/settings.ts:assertEmailFree': "an e-mail address is unique across the platform, so every company's members are asked",
  'account/repository.ts:ACCOUNT_QUERY': "self scope: the signed-in member's own row and roles, read with the session",
  'auth/locale.ts:storeLocale': "self scope: the caller's own user row, by its user id",
  'developer/webhooks/deliver.ts:recordOutcome':
    "an attempt's outcome, by the ids of the delivery attempted: one the delivery job claimed, or the test delivery testEndpoint has just created for an endpoint found in the caller's company",
  'developer/webhooks/deliver.ts:disableFailing':
    "the developer administrators of the company whose failing endpoint is disabled, e-mailed: the delivery job's company, or the caller's own for a test delivery",
  'roles/codes.ts:heldCodes': "the caller's own codes, by its user id",
  'roles/repository.ts:holdersOf': "the holders of a role findRole found in the caller's company, in the same transaction",
  'licenses/repository.ts:stockOf': "the payer's License stock: the payer (payerOf) may be an ancestor outside the caller's scope",
  'billing/queries.ts:listBills': "the payer's bills: the payer (payerOf) may be an ancestor outside the caller's scope",
  'billing/queries.ts:findBill': "the payer's bills: the payer (payerOf) may be an ancestor outside the caller's scope",
  'orders/payment.ts:recordWechatPayment':
    "a payment WeChat reports, recorded for the order its number names whoever relays it (notification, query job); a member's poll or cancel only after findOrder found the order in scope",
  'orders/payment.ts:whyNotPaid': 'why a payment WeChat reported was refused: the order its number names, as recordWechatPayment',
  'ingestion/ingest.ts:writeProbes': "the device report API: probes of reports already matched to the device key's company's devices",
  'reports/snapshots.ts:throughSnapshot': "one company reportCompany found in the caller's subtree",
  'reports/cover.ts:coverReport': "one company reportCompany found in the caller's subtree",
  'reports/device.ts:deviceReport': "one company reportCompany found in the caller's subtree",
  'reports/stability.ts:episodes': "one company reportCompany found in the caller's subtree",
  'reports/stability.ts:stabilityReport': "one company reportCompany found in the caller's subtree",
  'reports/usage.ts:companyUsage': "one company reportCompany found in the caller's subtree",
  'reports/usage.ts:deviceUsage': "one company reportCompany found in the caller's subtree",
};

let reads: { unit: string; tables: string[] }[] | undefined;
const found = () =>
  (reads ??= unscopedTenantReads('apps/server/src/modules', tenantTables('apps/server/src/db/schema'), isTenantKey).map((r) => ({
    ...r,
    unit: r.unit.replace('apps/server/src/modules/', ''),
  })));

describe('tenancy by construction', () => {
  it('takes the tenant tables from the schema: every table with a company_id column', () => {
    const tables = tenantTables('apps/server/src/db/schema');
    expect(tables).toEqual(expect.arrayContaining(['devices', 'orders', 'roles', 'users', 'alarms', 'bills', 'api_keys']));
    expect(tables).not.toContain('companies');
  });

  it('every member and device handler reads tenant tables through the scope’s filter, the listed exceptions aside', () => {
    const listed = new Set(Object.keys(ALLOWED));
    const unlisted = found().filter((r) => !listed.has(r.unit));
    expect(unlisted.map((r) => `${r.unit} reads ${r.tables.join(', ')} without scope.owns()/companyIds()`)).toEqual([]);
  });

  it('lists no exception that is not one', () => {
    const units = new Set(found().map((r) => r.unit));
    expect(Object.keys(ALLOWED).filter((u) => !units.has(u))).toEqual([]);
    for (const [unit, reason] of Object.entries(ALLOWED)) expect(reason.length, unit).toBeGreaterThan(20);
  });

  it('builds a scope only in the route registry: no module makes one up', () => {
    for (const builder of ['TenantScope.of(', 'PlatformScope.of(']) {
      const builders = sourceFiles('apps/server/src').filter((f) => readFileSync(f, 'utf8').includes(builder));
      expect(builders.map(rel), builder).toEqual(['apps/server/src/http/endpoints.ts']);
    }
  });

  it('catches a handler whose repository filters by the caller’s company id, and passes one using the scope', () => {
    const root = mkdtempSync(join(tmpdir(), 'rrp-tenancy-'));
    const write = (p: string, text: string) => {
      mkdirSync(dirname(join(root, p)), { recursive: true });
      writeFileSync(join(root, p), text);
    };
    write(
      'schema/things.ts',
      "export const things = pgTable('things', { id: uuid('id'), companyId: uuid('company_id') });\nexport const kinds = pgTable('kinds', { id: uuid('id') });\n",
    );
    write(
      'modules/things/handlers.ts',
      [
        "import { badList, goodList } from './repository.js';",
        'export const thingHandlers = () => handlers({',
        "  'POST /rrp/device/list': ({ scope }) => goodList(scope),",
        "  'POST /rrp/device/detail': ({ caller }) => badList(caller.companyId),",
        "  'POST /ops/company/list': () => staffList(),",
        '});',
        'const staffList = () => database.rows(sql`SELECT * FROM things`);',
      ].join('\n'),
    );
    write(
      'modules/things/repository.ts',
      `const KINDS = sql\`SELECT id FROM kinds\`;
const THINGS = sql\`SELECT t.id FROM kinds k JOIN things t ON t.kind = k.id\`;
export const goodList = (scope) => database.rows(sql\`\${THINGS} WHERE \${scope.owns(sql\`t.company_id\`)}\`);
export const badList = (companyId) => database.rows(sql\`\${THINGS} WHERE t.company_id = \${companyId} AND \${KINDS}\`);
`,
    );
    expect(tenantTables(join(root, 'schema'))).toEqual(['things']);
    const reads = unscopedTenantReads(join(root, 'modules'), ['things'], (k) => !k.startsWith('POST /ops/'));
    expect(reads).toHaveLength(1);
    expect(reads[0].unit).toMatch(/modules\/things\/repository\.ts:badList$/);
    expect(reads[0].tables).toEqual(['things']);
  });
});
