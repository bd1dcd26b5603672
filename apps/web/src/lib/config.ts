/**
 * Settings of the web app itself. The support contact and the official site are not here: the
 * back office sets them (features/platform, useSupportContact).
 */
export const APP_CONFIG = {
  /** how long a lazily loaded page chunk may take before the error page shows (spec 9) */
  chunkTimeoutMs: 120_000,
} as const;
