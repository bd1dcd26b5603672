import { Busboy } from '@fastify/busboy';
import type { MultipartSpec } from '@rrp/contracts';
import { AppError } from '../plugins/errors.js';
import type { UploadedFile } from './handler.js';

/** Limits on the parts of an upload beyond its declared files: a few short text fields. */
const FIELD_LIMITS = { fields: 10, fieldSize: 1024, headerPairs: 50 } as const;

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
): Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile | undefined> }> {
  const maxFile = Math.max(...Object.values(spec.files).map((f) => f.maxBytes));
  return new Promise((resolve, reject) => {
    let bb: ReturnType<typeof Busboy>;
    try {
      bb = Busboy({
        headers: { 'content-type': contentType },
        limits: { ...FIELD_LIMITS, files: Object.keys(spec.files).length, fileSize: maxFile + 1, parts: FIELD_LIMITS.fields + Object.keys(spec.files).length },
      });
    } catch {
      return reject(new AppError(23005));
    }
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile | undefined> = {};
    let failure: AppError | null = null;
    bb.on('field', (name, value, _nameTruncated, valueTruncated) => {
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
    bb.on('error', () => reject(new AppError(23005)));
    bb.on('finish', () => (failure ? reject(failure) : resolve({ fields, files })));
    bb.end(raw);
  });
}
