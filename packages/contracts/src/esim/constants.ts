/** An eSIM's data service: activated (profiles may carry traffic) or paused by the customer. */
export const ESIM_STATES = ['activated', 'paused'] as const;
export type EsimState = (typeof ESIM_STATES)[number];

/** A profile's state on its eUICC (GSMA SGP.22): one enabled at most; deleted ones stay in the history. */
export const PROFILE_STATES = ['enabled', 'disabled', 'deleted'] as const;
export type ProfileState = (typeof PROFILE_STATES)[number];

/**
 * eSIM commands, each a durable provider command logged in the device's operation log
 * (`device_operations.action`). `esim_download` installs the profile of a bound AC.
 */
export const ESIM_ACTIONS = ['esim_enable', 'esim_disable', 'esim_delete', 'esim_activate', 'esim_pause', 'esim_download'] as const;
export type EsimAction = (typeof ESIM_ACTIONS)[number];

export const ESIM_SORTS = ['created_desc', 'usage_yesterday_desc', 'usage_yesterday_asc', 'usage_month_desc', 'usage_month_asc'] as const;
export type EsimSort = (typeof ESIM_SORTS)[number];

/**
 * The 51xxx code a failed eSIM command carries in its operation detail (`detail.code`), by
 * action: the spec's texts for profile resource, activation, AC fetch, deactivation and recycle.
 */
export const ESIM_FAILURE_CODES = {
  esim_enable: 51002,
  esim_activate: 51002,
  esim_disable: 51004,
  esim_pause: 51004,
  esim_delete: 51005,
  esim_download: 51003,
} as const satisfies Record<EsimAction, number>;

export const ESIM_LIMITS = { exportMaxRows: 100_000, operationsShown: 50 } as const;
