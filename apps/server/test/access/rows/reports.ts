import type { MatrixRows } from '../matrix.js';

/** The operation reports and their subscriptions. */
export const reportRows: MatrixRows = {};
