import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
cpSync(here('../src/db/migrations'), here('../dist/db/migrations'), { recursive: true });
