/** Deployment-specific links and contact channels shown in the console chrome. */
export const APP_CONFIG = {
  officialSite: 'https://www.example.com',
  support: {
    phone: '400-000-0000',
    email: 'support@example.com',
  },
  /** how long a lazily loaded page chunk may take before the error page shows (spec 9) */
  chunkTimeoutMs: 120_000,
} as const;
