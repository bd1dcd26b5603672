import { sql } from 'drizzle-orm';

/**
 * A slot's state as the console shows it. Only `standby` and `empty` are stored: the slot is
 * `active` when the device is on its physical card and that card is the slot's, so a card switch
 * made from the device list keeps the slots right without touching them. Needs `c` (at_cards)
 * and `d` (devices).
 */
export const SLOT_STATE = sql`CASE WHEN c.iccid IS NULL THEN 'empty'
  WHEN d.status = 'physical_card' AND d.iccid = c.iccid THEN 'active' ELSE 'standby' END`;

/** An AT command of the device is waiting for the module's answer. Needs `d`. */
export const AT_PENDING = sql`EXISTS (SELECT 1 FROM device_operations o
  WHERE o.device_id = d.id AND o.action = 'at_command' AND o.status = 'pending')`;
