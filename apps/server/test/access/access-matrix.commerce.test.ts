import { MATRIX_PARTS } from './rows/index.js';
import { describeMatrix } from './run-matrix.js';

describeMatrix('commerce', MATRIX_PARTS.commerce);
