import type { MatrixRows } from '../matrix.js';

/** The developer area of the caller's company. */
export const developerRows: MatrixRows = {};
