import type { AtCommand } from '@rrp/contracts';

/**
 * The AT string of a command as the module receives it: Quectel's dual-SIM select counts slots
 * from 0 (slot 1 is `AT+QDSIM=0`); a sync reads the cards, the registration and the signal.
 */
export function atStringOf(command: AtCommand, slot?: number | null): string {
  return command === 'switch' ? `AT+QDSIM=${(slot ?? 1) - 1}` : 'AT+QCCID;+COPS?;+CSQ';
}
