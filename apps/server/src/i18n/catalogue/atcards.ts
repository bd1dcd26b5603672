import type { Bilingual } from '../text.js';

/** AT card texts: refusal reasons. */
export const AT_CARD_TEXTS = {} as const satisfies Record<string, Bilingual>;
