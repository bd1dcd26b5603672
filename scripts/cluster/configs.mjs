// Configuration files of the local cluster's HAProxy, PgBouncer and read replica.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** HAProxy: round robin over the API nodes, only those whose /readyz answers 200; X-Served-By names the node. */
export function writeHaproxyConfig(dir, { port, nodes }) {
  const file = join(dir, 'haproxy.cfg');
  const servers = nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check inter 1s fall 2 rise 2`);
  writeFileSync(
    file,
    [
      'global',
      '  maxconn 4096',
      '',
      'defaults',
      '  mode http',
      '  option forwardfor',
      '  timeout connect 2s',
      '  timeout client 120s',
      '  timeout server 120s',
      '',
      'frontend console',
      `  bind 127.0.0.1:${port}`,
      '  default_backend nodes',
      '',
      'backend nodes',
      '  balance roundrobin',
      // a request that could not reach a node (stopped, killed) goes to another one; a request a
      // node received is never sent twice (retry-on stays at its default, conn-failure)
      '  retries 2',
      '  option redispatch 1',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      '  http-response set-header X-Served-By %[srv_name]',
      ...servers,
      '',
    ].join('\n'),
  );
  return file;
}

/**
 * PgBouncer in transaction pooling before the primary. Trust, as the primary itself on
 * 127.0.0.1; `options` is ignored because the server's pools may send it (a transaction pooler
 * keeps no session settings anyway; DATABASE_POOLER=transaction). A second entry for the same
 * database sets `synchronous_commit = off` on each of its server connections, the only way a
 * transaction pooler can hand a session setting to the replay records.
 */
export function writePgbouncerConfig(dir, runDir, { port, database, primaryPort }) {
  const userlist = join(dir, 'userlist.txt');
  writeFileSync(userlist, '"postgres" ""\n', { mode: 0o644 });
  const file = join(dir, 'pgbouncer.ini');
  writeFileSync(
    file,
    [
      '[databases]',
      `${database} = host=127.0.0.1 port=${primaryPort} dbname=${database}`,
      // the replay records' alias (DATABASE_RELAXED_URL): its server connections commit without waiting for the WAL flush
      `${database}_relaxed = host=127.0.0.1 port=${primaryPort} dbname=${database} pool_size=5 connect_query='SET synchronous_commit = off'`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${runDir}`,
      'auth_type = trust',
      `auth_file = ${userlist}`,
      'admin_users = postgres',
      'pool_mode = transaction',
      'ignore_startup_parameters = extra_float_digits,options',
      'max_client_conn = 200',
      'default_pool_size = 20',
      `logfile = ${join(runDir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  return file;
}

/**
 * The replica's own postgresql.conf and pg_hba.conf: Debian keeps the primary's under /etc, so
 * pg_basebackup copies none. A hot standby needs these settings at least as high as the primary's.
 */
export function writeReplicaConfig(dataDir, runDir, { port, primarySettings }) {
  const settings = Object.entries(primarySettings).map(([k, v]) => `${k} = ${v}`);
  writeFileSync(
    join(dataDir, 'postgresql.conf'),
    [
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${runDir}'`,
      'hot_standby = on',
      'hot_standby_feedback = on',
      'shared_buffers = 32MB',
      ...settings,
      '',
    ].join('\n'),
  );
  writeFileSync(join(dataDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  writeFileSync(join(dataDir, 'pg_ident.conf'), '');
}
