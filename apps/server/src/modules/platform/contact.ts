import { type Locale, type TOpsSupportContact, type TSupportContact, type TSupportContactInput, zSupportContact } from '@rrp/contracts';
import type { Database } from '../../db/client.js';
import { t } from '../../i18n/index.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { lockSetting, savedSetting, savedValue, writeSetting } from './settings.js';

const KEY = 'support_contact';

/** A saved contact, or the defaults when none is saved (or a saved one no longer has the expected shape). */
function contactOr(value: unknown, defaults: TSupportContact): TSupportContact {
  if (value === null) return defaults;
  const p = zSupportContact.safeParse(value);
  return p.success ? p.data : defaults;
}

/** The support contact members see: the one staff saved, else the environment's (RRP_SUPPORT_*). */
export async function readSupportContact(database: Database, defaults: TSupportContact): Promise<TSupportContact> {
  return contactOr(await savedValue(database, KEY), defaults);
}

/** The contact in force, the defaults beside it, and who saved it last. */
export async function opsSupportContact(database: Database, defaults: TSupportContact): Promise<TOpsSupportContact> {
  const saved = await savedSetting(database, KEY);
  return {
    contact: contactOr(saved?.value ?? null, defaults),
    defaults,
    saved: saved !== null,
    updatedAt: saved?.updatedAt ?? null,
    updatedBy: saved?.updatedBy ?? null,
  };
}

/** Saves the support contact (days in order), with an audit event of what changed, in one transaction. */
export async function updateSupportContact(
  database: Database,
  actor: Actor,
  defaults: TSupportContact,
  input: TSupportContactInput,
  locale: Locale,
): Promise<void> {
  const next: TSupportContact = { ...input, hours: { ...input.hours, days: [...input.hours.days].sort((a, b) => a - b) } };
  await database.db.transaction(async (tx) => {
    const { value, existed } = await lockSetting(database, tx, KEY, defaults);
    const before = existed ? contactOr(value, defaults) : defaults;
    await writeSetting(database, tx, KEY, next, actor.id);
    await recordAudit(database, tx, actor, {
      action: 'platform.contact',
      companyId: null,
      targetType: 'platform',
      targetId: KEY,
      targetLabel: t(locale, 'audit.record.supportContact'),
      changes: changesOf(before, next),
    });
  });
}
