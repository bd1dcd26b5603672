import type { Bilingual } from '../text.js';

/** eSIM texts: refusal reasons, the export's labels. */
export const ESIM_TEXTS = {} as const satisfies Record<string, Bilingual>;
