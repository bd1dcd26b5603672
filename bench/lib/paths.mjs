// Where things are in the repository.
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const at = (p) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
export const SERVER_ENTRY = at('apps/server/dist/server.js');
export const WEB_DIR = at('apps/web');
export const WEB_DIST = at('apps/web/dist');
export const RESULTS_DIR = at('bench/results');
