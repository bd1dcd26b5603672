import type { MatrixRows } from '../matrix.js';

/** Firmware: members list and download, staff publish and withdraw. */
export const firmwareRows: MatrixRows = {};
