import type { MatrixRows } from '../matrix.js';

/** The eSIM list and EID detail. */
export const esimRows: MatrixRows = {};
