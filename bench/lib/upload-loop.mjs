// A separate process that uploads one file to POST /device/import back to back, so building
// and signing the multipart body never competes with the load generator measuring latency.
// Protocol (IPC): receives { base, session, file (path) }, answers { started: true } and uploads
// until it receives 'stop', then sends { codes: { [code]: count } } and exits.
import { readFileSync } from 'node:fs';
import { multipartBody } from './multipart.mjs';
import { API } from './rrp.mjs';
import { signedHeaders } from './signing.mjs';

const IMPORT = `${API}/device/import`;
let stop = false;
process.on('message', async (m) => {
  if (m === 'stop') {
    stop = true;
    return;
  }
  const { body, contentType } = multipartBody([
    { name: 'region', value: 'china_mainland' },
    { name: 'file', value: readFileSync(m.file), filename: 'devices.xlsx' },
  ]);
  const codes = {};
  process.send({ started: true });
  while (!stop) {
    const res = await fetch(`${m.base}${IMPORT}`, {
      method: 'POST',
      headers: { ...signedHeaders({ ...m.session, method: 'POST', url: IMPORT, body }), 'content-type': contentType },
      body,
    });
    const code = (await res.json()).code;
    codes[code] = (codes[code] ?? 0) + 1;
  }
  process.send({ codes }, () => process.exit(0));
});
