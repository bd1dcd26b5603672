/**
 * AT cards: the physical SIM slots of a device's module, driven by AT commands (docs/decisions.md).
 * `active`: the slot the module uses now; `standby`: a card is inserted; `empty`: no card.
 */
export const AT_CARD_STATES = ['active', 'standby', 'empty'] as const;
export type AtCardState = (typeof AT_CARD_STATES)[number];

/** `switch` selects a slot (AT+QDSIM), `sync` reads the slots back (AT+QCCID, AT+COPS?, AT+CSQ). */
export const AT_COMMANDS = ['switch', 'sync'] as const;
export type AtCommand = (typeof AT_COMMANDS)[number];

/** A module has one or two SIM slots, numbered from 1 as the console shows them (AT+QDSIM counts from 0). */
export const AT_SLOTS = [1, 2] as const;

export const AT_CARD_LIMITS = { logShown: 50 } as const;
