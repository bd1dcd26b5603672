/** Permission codes of spec section 6, with the menu section each belongs to. */
export const PERMISSIONS = [
  'DEVICE_IMPORT',
  'DEVICE_LIST',
  'SERVICE_SETTING',
  'SERVICE_SETTING_MONITORSTRATEGY_INFO',
  'SERVICE_SETTING_ALARM_MANAGE',
  'MERCHANDISE',
  'MERCHANDISE_BUY_DATA',
  'MERCHANDISE_BUY_LICENSE',
  'AC_LIST',
  'COMPANY_SETTING',
  'OPERATION_REPORT',
  'ACCOUNT',
  'ACCOUNT_INFO',
  'ACCOUNT_ORDER',
  'RECEIPT_LIST',
  'AUDIT_LOG',
  'USER_ROLE',
  'USER_LIST',
  'ROLE_LIST',
  'DEVELOPER_MANAGEMENT',
  'DEDUCTION_SOURCE',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Permission codes of the back office, held by platform staff (never by a customer's member).
 * Every staff member holds them all until the platform has staff roles (docs/decisions.md).
 */
export const STAFF_PERMISSIONS = [
  'OPS_CERTIFICATION',
  'OPS_COMPANIES',
  'OPS_ANNOUNCEMENTS',
  'OPS_FEEDBACK',
  'OPS_AUDIT',
  'OPS_PLATFORM_SETTINGS',
  'OPS_ORDERS',
  'OPS_PRICES',
  'OPS_INVOICES',
  'OPS_FIRMWARE',
  'OPS_CONNECTIVITY',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** The codes a role can be given (DEDUCTION_SOURCE is derived from the company, never granted). */
export const GRANTABLE_PERMISSIONS = PERMISSIONS.filter((p) => p !== 'DEDUCTION_SOURCE');

/** Parent codes of the permission tree shown in the role editor and the menu sections. */
export const PERMISSION_TREE: { code: Permission; children: Permission[] }[] = [
  { code: 'DEVICE_IMPORT', children: [] },
  { code: 'DEVICE_LIST', children: [] },
  { code: 'SERVICE_SETTING', children: ['SERVICE_SETTING_MONITORSTRATEGY_INFO', 'SERVICE_SETTING_ALARM_MANAGE'] },
  { code: 'MERCHANDISE', children: ['MERCHANDISE_BUY_DATA', 'MERCHANDISE_BUY_LICENSE'] },
  { code: 'AC_LIST', children: [] },
  { code: 'COMPANY_SETTING', children: [] },
  { code: 'OPERATION_REPORT', children: [] },
  { code: 'ACCOUNT', children: ['ACCOUNT_INFO', 'ACCOUNT_ORDER', 'RECEIPT_LIST', 'AUDIT_LOG'] },
  { code: 'USER_ROLE', children: ['USER_LIST', 'ROLE_LIST'] },
  { code: 'DEVELOPER_MANAGEMENT', children: [] },
];

const PAID_BY_PARENT_REMOVES: Permission[] = ['MERCHANDISE', 'MERCHANDISE_BUY_DATA', 'MERCHANDISE_BUY_LICENSE'];

/**
 * The deductionSource rule of spec section 6: a company whose costs are borne by its parent
 * (deductionSource != 0) cannot buy; an independently billed one (0) gets DEDUCTION_SOURCE.
 */
export function effectivePermissions(granted: readonly string[], deductionSource: number): Permission[] {
  const set = new Set(granted.filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p)));
  set.delete('DEDUCTION_SOURCE');
  if (deductionSource !== 0) for (const p of PAID_BY_PARENT_REMOVES) set.delete(p);
  else set.add('DEDUCTION_SOURCE');
  return PERMISSIONS.filter((p) => set.has(p));
}

/** Sample roles seeded for every company. */
export type SampleRoleKey = 'super' | 'admin' | 'specialist';
export const SAMPLE_ROLES: { key: SampleRoleKey; zh: string; en: string; permissions: Permission[] }[] = [
  { key: 'super', zh: '超级管理员', en: 'Super administrator', permissions: [...GRANTABLE_PERMISSIONS] },
  {
    key: 'admin',
    zh: '管理员',
    en: 'Administrator',
    permissions: GRANTABLE_PERMISSIONS.filter((p) => !['ROLE_LIST', 'DEVELOPER_MANAGEMENT', 'COMPANY_SETTING', 'AUDIT_LOG'].includes(p)),
  },
  {
    key: 'specialist',
    zh: '运营专员',
    en: 'Operation specialist',
    permissions: [
      'DEVICE_IMPORT',
      'DEVICE_LIST',
      'SERVICE_SETTING',
      'SERVICE_SETTING_MONITORSTRATEGY_INFO',
      'SERVICE_SETTING_ALARM_MANAGE',
      'AC_LIST',
      'OPERATION_REPORT',
    ],
  },
];

/** The sample role name in a locale, for a stored name that is a sample role's name in either language. */
export function localizeRoleName(name: string, locale: 'zh-CN' | 'en'): string {
  const sample = SAMPLE_ROLES.find((r) => r.zh === name || r.en === name);
  return sample ? (locale === 'en' ? sample.en : sample.zh) : name;
}

/**
 * Whether a name is a sample role's label in either language ("Operation specialist"). Sample
 * role names are localised system labels: the role-name length limit applies to names people
 * type, not to them (docs/decisions.md).
 */
export function isSampleRoleName(name: string): boolean {
  return SAMPLE_ROLES.some((r) => r.zh === name || r.en === name);
}
