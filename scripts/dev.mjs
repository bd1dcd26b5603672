// Development: the API server with reload on change (tsx watch) and the Vite dev server with
// hot module replacement, which proxies /api to the server.
import { spawn } from 'node:child_process';

const env = { ...process.env, PORT: process.env.PORT ?? '8080', RRP_DATA_DIR: process.env.RRP_DATA_DIR ?? './data' };
const procs = [
  spawn('npx', ['tsc', '-b', 'packages/contracts', '--watch', '--preserveWatchOutput'], { stdio: 'ignore', env }),
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/server.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web', '--host', '127.0.0.1'], { stdio: 'inherit', env }),
];
console.log('Dev mode: open the Vite URL printed below (hot reload); the API runs on port', env.PORT);
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => code && code !== 0 && console.error('a dev process exited with', code));
