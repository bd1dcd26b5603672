import type { MatrixRows } from '../matrix.js';

/** AT card management. */
export const atCardRows: MatrixRows = {};
