import { z } from 'zod';

export const zLicenseCount = z.object({
  stock: z.number().int(),
  inUse: z.number().int(),
  expiring30d: z.number().int(),
  /** Licenses held back for this month's auto-renewals */
  reserved: z.number().int(),
  /** how many devices an import may add now: stock minus reserved */
  importable: z.number().int(),
});
export type TLicenseCount = z.infer<typeof zLicenseCount>;
