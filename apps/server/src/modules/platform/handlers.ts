import type { TSupportContact } from '@rrp/contracts';
import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { opsSupportContact, readSupportContact, updateSupportContact } from './contact.js';

type Deps = { database: Database; defaults: TSupportContact };

/** Members read the support contact. */
export const platformHandlers = ({ database, defaults }: Deps) =>
  handlers({
    'POST /rrp/platform/contact': () => readSupportContact(database, defaults),
  });

/** The back office reads and changes it; the environment gives the defaults. */
export const platformOpsHandlers = ({ database, defaults }: Deps) =>
  handlers({
    'POST /ops/platform/contact': () => opsSupportContact(database, defaults),
    'POST /ops/platform/contact/update': async ({ body, actor, locale }) => {
      await updateSupportContact(database, actor, defaults, body, locale);
      return null;
    },
  });
