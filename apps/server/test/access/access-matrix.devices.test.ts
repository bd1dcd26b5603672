import { MATRIX_PARTS } from './rows/index.js';
import { describeMatrix } from './run-matrix.js';

describeMatrix('devices', MATRIX_PARTS.devices);
