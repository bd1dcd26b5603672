import { normalizeLocale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { handlers } from '../../http/handler.js';
import { AppError } from '../../plugins/errors.js';
import { endSession, storeLocale } from '../auth/index.js';

/** The back office's own session: who is signed in, signing out, the language. */
export const opsHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /ops/account/query': async ({ caller }) => {
      const [u] = await database.rows<Row<'users', 'id' | 'name' | 'email' | 'locale'>>(
        sql`SELECT id, name, email, locale FROM users WHERE id = ${caller.userId} AND kind = 'staff'`,
      );
      if (!u) throw new AppError(22008);
      return {
        userId: u.id,
        name: u.name,
        email: u.email,
        locale: normalizeLocale(u.locale),
        permissionsList: caller.permissions,
      };
    },

    'POST /ops/user/logout': async ({ caller }) => {
      await endSession(database, caller.tokenHash);
      return null;
    },

    'POST /ops/user/changeLocal': async ({ body, caller }) => {
      await storeLocale(database, caller.userId, body.localCode);
      return null;
    },
  });
