import type { NetworkOperatorCode } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { arr } from '../../../db/arrays.js';
import type { Database, Tx } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import { networkOperatorCode, networkOperatorName } from '../catalogue.js';
import type { CommandJob, CommandRow } from './commands.js';
import { type FailureReason, finish } from './operation.js';
import type { AttachedDevice } from './provider.js';
import { iccidFor, networkOperatorsOf, profileOf, seeded, signalNow } from './world.js';

/**
 * The SIM slots of a device's cellular module and its answers to AT commands (docs/at-cards.md).
 * A switch is Quectel's dual-SIM select `AT+QDSIM=<slot-1>`; a sync reads the cards back
 * with `AT+QCCID;+COPS?;+CSQ`. The raw answer is kept in the operation's detail.
 */

/** Why an AT command failed, as the operation's detail says it: the module's words. */
const FAILURE_TEXT: Record<FailureReason | 'sim_not_inserted' | 'no_slot', string> = {
  device_timeout: 'The module did not answer in time',
  network_rejected: 'The network rejected the request',
  device_busy: 'The module was busy, try again later',
  no_service: 'The device has no service (in stock or expired)',
  sim_not_inserted: 'SIM not inserted',
  no_slot: 'The module has no such slot',
};

type Slot = Row<'at_cards', 'slot' | 'iccid' | 'operator_code' | 'state'>;

/** Share of modules with two slots, and of two-slot modules whose second slot is empty. */
const TWO_SLOTS = 0.8;
const SECOND_EMPTY = 0.25;

/** The slots a module has, stable for its IMEI: slot 1 holds the device's physical card. */
function slotsOf(d: Pick<AttachedDevice, 'imei' | 'region' | 'networkOperator'>): Omit<Slot, 'state'>[] {
  const r = seeded(`at-slots:${d.imei}`);
  const slots: Omit<Slot, 'state'>[] = [
    { slot: 1, iccid: iccidFor(d.imei, d.region, d.networkOperator, 'physical_card'), operator_code: networkOperatorCode(d.networkOperator) },
  ];
  if (r() >= TWO_SLOTS) return slots;
  if (r() < SECOND_EMPTY) return [...slots, { slot: 2, iccid: null, operator_code: null }];
  const others = networkOperatorsOf(d.region).filter((o) => o !== d.networkOperator);
  const op2 = others.length ? others[Math.floor(r() * others.length)] : d.networkOperator;
  return [...slots, { slot: 2, iccid: iccidFor(d.imei, d.region, op2, 'physical_card_2'), operator_code: networkOperatorCode(op2) }];
}

/**
 * Gives just-attached devices their SIM slots (one INSERT, idempotent). A device on its physical
 * card still carrying the attach's default ICCID is put on slot 1's card, so the slot reads active.
 */
export async function seedAtCards(database: Database, tx: Tx, devices: AttachedDevice[]): Promise<void> {
  if (devices.length === 0) return;
  const rows = devices.flatMap((d) => slotsOf(d).map((s) => ({ id: d.id, ...s })));
  await database.rows(
    sql`INSERT INTO at_cards (device_id, slot, iccid, operator_code, state, synced_at)
        SELECT v.id, v.slot, v.iccid, v.operator_code, CASE WHEN v.iccid IS NULL THEN 'empty' ELSE 'standby' END, now()
        FROM unnest(${arr(
          rows.map((r) => r.id),
          'uuid',
        )}, ${arr(
          rows.map((r) => r.slot),
          'int',
        )}, ${arr(
          rows.map((r) => r.iccid),
          'text',
        )}, ${arr(
          rows.map((r) => r.operator_code),
          'text',
        )}) AS v(id, slot, iccid, operator_code)
        ON CONFLICT DO NOTHING`,
    tx,
  );
  const onCard = devices.filter((d) => d.status === 'physical_card');
  if (onCard.length === 0) return;
  await database.rows(
    sql`UPDATE devices d SET iccid = v.card
        FROM unnest(${arr(
          onCard.map((d) => d.id),
          'uuid',
        )}, ${arr(
          onCard.map((d) => iccidFor(d.imei, d.region, d.networkOperator)),
          'text',
        )}, ${arr(
          onCard.map((d) => iccidFor(d.imei, d.region, d.networkOperator, 'physical_card')),
          'text',
        )}) AS v(id, attached, card)
        WHERE d.id = v.id AND d.status = 'physical_card' AND d.iccid = v.attached`,
    tx,
  );
}

/** 3GPP TS 27.007 access technology of +COPS (Quectel numbering for LTE-M and NB-IoT). */
const ACT: Record<string, number> = { '4G': 7, '5G': 11, 'LTE-M': 8, 'NB-IoT': 9 };

/** +CSQ's RSSI (0-31, 99 = unknown) from a 0-5 signal level. */
const rssiOf = (level: number) => (level <= 0 ? 99 : Math.min(31, level * 6));

const END = '\r\n\r\nOK';

/** The module's answer to a sync: the card of each inserted slot, the registration, the signal. */
function syncAnswer(slots: Slot[], operator: string | null, networkType: string | null, level: number): string {
  const lines = slots.filter((s) => s.iccid).map((s) => `+QCCID: ${s.iccid}`);
  lines.push(operator && level > 0 ? `+COPS: 0,0,"${operator.toUpperCase()}",${ACT[networkType ?? '4G'] ?? 7}` : '+COPS: 0');
  lines.push(`+CSQ: ${rssiOf(level)},99`);
  return lines.join('\r\n') + END;
}

/**
 * Completes a pending AT command inside the caller's transaction (operation and device locked).
 * A drawn failure, or a device without service, fails it: no answer for a timeout or a device
 * out of service, `ERROR` otherwise.
 */
export async function completeAtCommand(database: Database, tx: Tx, job: CommandJob, row: CommandRow, rand: () => number): Promise<void> {
  const noService = row.status === 'in_stock' || row.status === 'service_expired';
  const fail: FailureReason | null | undefined = noService ? 'no_service' : job.fail;
  const failed = (reason: keyof typeof FAILURE_TEXT, response: string | null) =>
    finish(database, tx, job.operationId, 'failed', { result: 'failed', reason, message: FAILURE_TEXT[reason], response });
  if (fail) return failed(fail, fail === 'device_timeout' || fail === 'no_service' ? null : 'ERROR');
  const slots = await database.rows<Slot>(
    sql`SELECT slot, iccid, operator_code, state FROM at_cards WHERE device_id = ${job.deviceId} ORDER BY slot FOR UPDATE`,
    tx,
  );
  const signal = row.suspended ? 0 : signalNow(profileOf(row.imei, row.region), rand);
  if (row.detail?.command === 'switch') {
    const target = slots.find((s) => s.slot === Number(row.detail?.slot));
    if (!target) return failed('no_slot', '+CME ERROR: 50');
    if (!target.iccid) return failed('sim_not_inserted', '+CME ERROR: 10');
    const operator = target.operator_code ? networkOperatorName(target.operator_code as NetworkOperatorCode) : row.network_operator;
    await database.rows(
      sql`UPDATE devices SET status = 'physical_card', iccid = ${target.iccid}, network_operator = ${operator}, online = NOT suspended,
            signal_level = ${signal}, last_switch_at = now(), updated_at = now()
          WHERE id = ${job.deviceId}`,
      tx,
    );
    await database.rows(
      sql`UPDATE at_cards SET signal_level = CASE WHEN slot = ${target.slot} THEN ${signal}::int END,
            synced_at = CASE WHEN slot = ${target.slot} THEN now() ELSE synced_at END
          WHERE device_id = ${job.deviceId}`,
      tx,
    );
    await finish(database, tx, job.operationId, 'done', { result: 'done', response: 'OK', iccid: target.iccid, networkOperator: operator });
    return;
  }
  const [device] = await database.rows<Row<'devices', 'iccid'>>(sql`SELECT iccid FROM devices WHERE id = ${job.deviceId}`, tx);
  const active = row.status === 'physical_card' ? slots.find((s) => s.iccid && s.iccid === device?.iccid) : undefined;
  await database.rows(
    sql`UPDATE at_cards SET synced_at = now(), signal_level = CASE WHEN slot = ${active?.slot ?? 0} THEN ${signal}::int END
        WHERE device_id = ${job.deviceId}`,
    tx,
  );
  await finish(database, tx, job.operationId, 'done', { result: 'done', response: syncAnswer(slots, row.network_operator, row.network_type, signal) });
}
