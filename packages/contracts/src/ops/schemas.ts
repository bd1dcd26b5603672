import { z } from 'zod';
import { LOCALES } from '../shared/locale.js';

/** The signed-in staff member of the back office. */
export const zStaffAccount = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  permissionsList: z.array(z.string()),
});
export type TStaffAccount = z.infer<typeof zStaffAccount>;
