// A multipart/form-data body built by hand, so a benchmark signs exactly the bytes it sends.
import { randomUUID } from 'node:crypto';

/** parts: { name, value: string | Buffer, filename? } → { body: Buffer, contentType } */
export function multipartBody(parts) {
  const boundary = `----rrp${randomUUID().replaceAll('-', '')}`;
  const chunks = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
