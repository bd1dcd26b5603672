// The local cluster's PostgreSQL side: the machine's server as the primary, a streaming replica
// of it in a temporary directory, the packages the cluster needs.
import { appendFileSync, chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, succeeds } from './proc.mjs';

export const PG_BIN = process.env.RRP_CLUSTER_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PG = ['-h', '127.0.0.1', '-p', '5432', '-U', 'postgres'];

export const psql = (sql, port = 5432) => run(`${PG_BIN}/psql`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-Atqc', sql]);
export const asPostgres = (cmd, args) => run('runuser', ['-u', 'postgres', '--', cmd, ...args]);

/** Installs haproxy and pgbouncer from the Debian archive when missing. */
export async function ensurePackages(log) {
  const missing = [];
  for (const name of ['haproxy', 'pgbouncer']) if (!(await succeeds('sh', ['-c', `command -v ${name} || test -x /usr/sbin/${name}`]))) missing.push(name);
  if (!missing.length) return;
  log(`installing ${missing.join(', ')} (apt-get)`);
  const install = () => run('apt-get', ['install', '-y', '-qq', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  await install().catch(async () => {
    await run('apt-get', ['update', '-qq']);
    await install();
  });
}

/** Starts the machine's PostgreSQL when it does not answer; lets replication connections in from 127.0.0.1. */
export async function ensurePrimary(log) {
  if (!(await succeeds(`${PG_BIN}/pg_isready`, ['-h', '127.0.0.1', '-p', '5432']))) {
    log('starting PostgreSQL 15 (pg_ctlcluster 15 main start)');
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', '15', 'main', 'start']);
  }
  const hbaFile = (await psql('SHOW hba_file')).trim();
  // `host all ...` does not cover replication connections: they need a line naming `replication`
  const covered = readFileSync(hbaFile, 'utf8')
    .split('\n')
    .some((l) => /^\s*host\w*\s+(\S*,)?replication(,\S*)?\s/.test(l));
  if (!covered) {
    appendFileSync(hbaFile, '\n# added by scripts/cluster.mjs (npm run cluster): the local read replica\nhost replication all 127.0.0.1/32 trust\n');
    await psql('SELECT pg_reload_conf()');
    log(`added "host replication all 127.0.0.1/32 trust" to ${hbaFile} and reloaded PostgreSQL`);
  }
}

export const createDatabase = (name) => run(`${PG_BIN}/createdb`, [...PG, name]);
export const dropDatabase = (name) => run(`${PG_BIN}/dropdb`, [...PG, '--if-exists', '--force', name]);

/** A streaming replica of the whole instance in `dir`/replica, listening on `port`; its sockets and log in `runDir`. */
export async function startReplica(dir, runDir, port, writeConfig) {
  const dataDir = join(dir, 'replica');
  mkdirSync(dataDir, { mode: 0o700 });
  await run('chown', ['postgres:postgres', dataDir, runDir]);
  chmodSync(dataDir, 0o700);
  // a fast checkpoint: the default (spread) waits up to checkpoint_timeout before copying
  await asPostgres(`${PG_BIN}/pg_basebackup`, [...PG, '-D', dataDir, '-R', '-X', 'stream', '--checkpoint=fast']);
  const names = ['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction'];
  const rows = await psql(`SELECT name || '=' || setting FROM pg_settings WHERE name IN (${names.map((n) => `'${n}'`).join(',')})`);
  const primarySettings = Object.fromEntries(
    rows
      .trim()
      .split('\n')
      .map((l) => l.split('=')),
  );
  writeConfig(dataDir, primarySettings);
  await run('chown', ['-R', 'postgres:postgres', dataDir]);
  await asPostgres(`${PG_BIN}/pg_ctl`, ['-D', dataDir, '-l', join(runDir, 'replica.log'), '-o', `-p ${port} -k ${runDir}`, '-w', '-t', '60', 'start']);
  return dataDir;
}

export async function stopReplica(dataDir) {
  await asPostgres(`${PG_BIN}/pg_ctl`, ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']).catch(() => {});
}
