import { newUuid } from './ids';

export type MultipartPart = { name: string; value: string } | { name: string; file: Blob; filename: string };

const enc = new TextEncoder();

/** Quotes a name the way browsers do in multipart headers (WHATWG): `"`, CR and LF percent-encoded. */
const quoted = (s: string) => `"${s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;

/**
 * Encodes a multipart/form-data body ourselves, so the exact bytes sent are the bytes signed
 * (the server checks the signature over them before reading anything). Names are UTF-8.
 */
export async function encodeMultipart(parts: MultipartPart[]): Promise<{ bytes: Uint8Array; contentType: string }> {
  const boundary = `----rrp${newUuid().replaceAll('-', '')}`;
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(p.name)}`;
    if ('file' in p) head += `; filename=${quoted(p.filename)}\r\nContent-Type: ${p.file.type || 'application/octet-stream'}`;
    chunks.push(enc.encode(`${head}\r\n\r\n`));
    chunks.push('file' in p ? new Uint8Array(await p.file.arrayBuffer()) : enc.encode(p.value));
    chunks.push(enc.encode('\r\n'));
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return { bytes, contentType: `multipart/form-data; boundary=${boundary}` };
}
