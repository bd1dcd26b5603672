/** Input limits of the back office's connectivity accounts. */
export const CONNECTIVITY_LIMITS = {
  nameMax: 64,
  baseUrlMax: 200,
  usernameMax: 100,
  secretMax: 200,
  iccidPrefixesMax: 20,
  iccidPrefixMax: 20,
  /** ICCIDs are 18 to 22 digits (a trailing check letter is not used by the platforms) */
  iccidMin: 18,
  iccidMax: 22,
} as const;

/** The reconciliation views of an account: SIMs only on the platform, devices only in the product, and state differences. */
export const RECONCILE_VIEWS = ['platform_only', 'product_only', 'state_diff'] as const;
export type ReconcileView = (typeof RECONCILE_VIEWS)[number];

/** What staff can do with a reconciliation row. */
export const RECONCILE_ACTIONS = ['import', 'remove', 'push', 'accept'] as const;
export type ReconcileAction = (typeof RECONCILE_ACTIONS)[number];
