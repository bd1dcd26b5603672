// COPY FROM STDIN / COPY TO STDOUT on a plain `pg` Client, without extra packages: a tiny
// "submittable" that speaks the copy sub-protocol through node-postgres' connection.
class CopyIn {
  constructor(text, chunks) {
    this.text = text;
    this.chunks = chunks;
    this.promise = new Promise((res, rej) => ((this.res = res), (this.rej = rej)));
  }
  submit(connection) {
    connection.query(this.text);
  }
  handleCopyInResponse(connection) {
    for (const c of this.chunks) connection.sendCopyFromChunk(c);
    connection.endCopyFrom();
  }
  handleCommandComplete(msg) {
    this.rowCount = Number(/\d+$/.exec(msg.text)?.[0] ?? 0);
  }
  handleError(err) {
    this.err = err;
  }
  handleReadyForQuery() {
    if (this.err) this.rej(this.err);
    else this.res(this.rowCount);
  }
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
}

class CopyOut extends CopyIn {
  constructor(text, onChunk) {
    super(text, []);
    this.onChunk = onChunk;
  }
  handleCopyData(msg) {
    this.onChunk(msg.chunk);
  }
}

/** COPY … FROM STDIN: `text` is the COPY statement; `data` a string or Buffer (sent in 256 KiB chunks). Resolves to the row count. */
export function copyIn(client, text, data) {
  const buf = Buffer.isBuffer(data) ? data : Buffer.from(data);
  const chunks = [];
  for (let i = 0; i < buf.length; i += 262_144) chunks.push(buf.subarray(i, i + 262_144));
  const q = new CopyIn(text, chunks);
  client.query(q);
  return q.promise;
}

/** COPY … TO STDOUT: calls onChunk(Buffer) per CopyData message. Resolves to the row count. */
export function copyOut(client, text, onChunk) {
  const q = new CopyOut(text, onChunk);
  client.query(q);
  return q.promise;
}
