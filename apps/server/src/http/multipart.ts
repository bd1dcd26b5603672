import { Busboy } from '@fastify/busboy';
import type { MultipartSpec } from '@rrp/contracts';
import { AppError } from '../plugins/errors.js';
import type { UploadedFile } from './handler.js';

/** Limits on the parts of an upload beyond its declared files: a few short text fields. */
const FIELD_LIMITS = { fields: 10, fieldSize: 1024, headerPairs: 50 } as const;

/**
 * How long a body read whole may take to parse before it is refused. Busboy never finishes a
 * body in which it skips a part larger than its stream buffer (a field name with a bare line
 * break, a disposition other than form-data): the request would wait forever. So busboy is given
 * no part, field or file count limits (over them it skips parts too; the counts are enforced
 * here), and whatever still does not finish in time is not a valid upload.
 */
export const MULTIPART_SETTLE_MS = 3_000;

/**
 * Parses a multipart body that was read whole (and its signature checked): the text fields
 * and the declared files. A file over its limit answers its declared `tooLarge` code (29011 by
 * default); a body that is not multipart 23005 (wrong file format), as the upload is not what it
 * claims to be.
 */
export function parseMultipart(
  raw: Buffer,
  contentType: string,
  spec: MultipartSpec,
  settleMs = MULTIPART_SETTLE_MS,
): Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile | undefined> }> {
  const maxFile = Math.max(...Object.values(spec.files).map((f) => f.maxBytes));
  return new Promise((resolve, reject) => {
    let bb: ReturnType<typeof Busboy>;
    try {
      bb = Busboy({
        headers: { 'content-type': contentType },
        limits: { fieldSize: FIELD_LIMITS.fieldSize, headerPairs: FIELD_LIMITS.headerPairs, fileSize: maxFile + 1 },
      });
    } catch {
      return reject(new AppError(23005));
    }
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile | undefined> = {};
    let failure: AppError | null = null;
    let fieldCount = 0;
    const timer = setTimeout(() => reject(new AppError(23005)), settleMs);
    timer.unref();
    bb.on('field', (name, value, _nameTruncated, valueTruncated) => {
      // fields past the limit are read and dropped, as busboy's own limit would
      if (++fieldCount > FIELD_LIMITS.fields) return;
      if (valueTruncated) failure ??= new AppError(28002, { field: name });
      else if (!(name in fields)) fields[name] = value;
    });
    bb.on('file', (name, stream, filename, _encoding, mimetype) => {
      const limit = spec.files[name]?.maxBytes;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (limit !== undefined && size <= limit) chunks.push(c);
      });
      stream.on('end', () => {
        if (limit === undefined || name in files) return;
        if (size > limit) failure ??= new AppError(spec.files[name]?.tooLarge ?? 29011);
        else files[name] = { fieldname: name, filename: filename ?? '', mimetype, data: Buffer.concat(chunks, size) };
      });
    });
    bb.on('error', () => {
      clearTimeout(timer);
      reject(new AppError(23005));
    });
    bb.on('finish', () => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else resolve({ fields, files });
    });
    bb.end(raw);
  });
}
