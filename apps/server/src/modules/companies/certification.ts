import { isFreeMail, LICENSE_IMAGE, type TCertification, type TCertificationFields, type TOpsCertificationRow } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { As, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import type { FileReply, UploadedFile } from '../../http/handler.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { cleanLicenceImage } from './licence-image/index.js';
import { iso } from './repository.js';

export type CertificationRow = Narrow<
  Row<
    'certifications',
    | 'id'
    | 'company_id'
    | 'state'
    | 'company_name'
    | 'address'
    | 'website'
    | 'device_quantity'
    | 'license_no'
    | 'contact_name'
    | 'contact_phone'
    | 'contact_email'
    | 'submitted_at'
    | 'submitted_by'
    | 'reviewed_at'
    | 'reject_reason'
  >,
  { state: 'review' | 'verified' | 'rejected'; device_quantity: TCertificationFields['deviceQuantity'] }
> &
  Nullable<As<'users', { submitted_by_name: 'name'; reviewed_by_name: 'name' }>> &
  As<'companies', { current_company_name: 'name' }>;

/** Every column of a submission but the image, with the names of the people involved. */
export const SUBMISSION = sql`
  SELECT s.id, s.company_id, s.state, s.company_name, s.address, s.website, s.device_quantity, s.license_no, s.contact_name,
         s.contact_phone, s.contact_email, s.submitted_at, s.submitted_by, sb.name AS submitted_by_name, s.reviewed_at,
         rb.name AS reviewed_by_name, s.reject_reason, c.name AS current_company_name
  FROM certifications s JOIN companies c ON c.id = s.company_id
  LEFT JOIN users sb ON sb.id = s.submitted_by LEFT JOIN users rb ON rb.id = s.reviewed_by`;

export function submissionOf(r: CertificationRow): NonNullable<TCertification['submission']> {
  return {
    id: r.id,
    companyName: r.company_name,
    address: r.address,
    website: r.website,
    deviceQuantity: r.device_quantity,
    licenseNo: r.license_no,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    contactEmail: r.contact_email,
    submittedAt: iso(r.submitted_at) as string,
    submittedBy: r.submitted_by_name,
    reviewedAt: iso(r.reviewed_at),
    rejectReason: r.reject_reason,
  };
}

export function opsRowOf(r: CertificationRow): TOpsCertificationRow {
  return { ...submissionOf(r), companyId: r.company_id, currentCompanyName: r.current_company_name, state: r.state, reviewedBy: r.reviewed_by_name };
}

type StateRow = Narrow<Row<'companies', 'certification'>, { certification: TCertification['state'] }>;

const certificationFrom = (c: StateRow | undefined, s: CertificationRow | undefined): TCertification => ({
  state: c?.certification ?? 'none',
  submission: s ? submissionOf(s) : null,
});

/** The caller's company's certification state and its latest submission. */
export async function certificationOf(database: Database, scope: TenantScope, tx?: Tx): Promise<TCertification> {
  const [c] = await database.rows<StateRow>(sql`SELECT certification FROM companies WHERE id = ${scope.companyId}`, tx);
  const [s] = await database.rows<CertificationRow>(
    sql`${SUBMISSION} WHERE ${scope.owns(sql`s.company_id`)} ORDER BY s.submitted_at DESC, s.id DESC LIMIT 1`,
    tx,
  );
  return certificationFrom(c, s);
}

/** A company's certification state and its latest submission: the back office's view. */
export async function companyCertification(database: Database, companyId: string): Promise<TCertification> {
  const [c] = await database.rows<StateRow>(sql`SELECT certification FROM companies WHERE id = ${companyId}`);
  const [s] = await database.rows<CertificationRow>(sql`${SUBMISSION} WHERE s.company_id = ${companyId} ORDER BY s.submitted_at DESC, s.id DESC LIMIT 1`);
  return certificationFrom(c, s);
}

/**
 * Submits the company for certification, from "not certified" or "rejected" only (30013): the
 * form, and the licence image decided by its content (JPG or PNG, at most 2 MB) and stored
 * without its metadata. The company is "under review" in the same transaction.
 */
export async function submitCertification(
  database: Database,
  ctx: { actor: Actor; scope: TenantScope; userId: string },
  fields: TCertificationFields,
  image: UploadedFile | undefined,
): Promise<TCertification> {
  if (isFreeMail(fields.contactEmail)) throw new AppError(30016, { field: 'contactEmail' });
  if (!image || image.data.length === 0) throw new AppError(30020, { field: 'image' });
  if (image.data.length > LICENSE_IMAGE.maxBytes) throw new AppError(30015, { field: 'image' });
  const clean = await cleanLicenceImage(image.data);
  if (!clean) throw new AppError(30014, { field: 'image' });

  return database.db.transaction(async (tx) => {
    const [c] = await database.rows<Row<'companies', 'certification'>>(
      sql`SELECT certification FROM companies WHERE id = ${ctx.scope.companyId} FOR NO KEY UPDATE`,
      tx,
    );
    if (!c || (c.certification !== 'none' && c.certification !== 'rejected')) throw new AppError(30013);
    await database.rows(sql`UPDATE companies SET certification = 'review', updated_at = now() WHERE id = ${ctx.scope.companyId}`, tx);
    const website = fields.website ?? '';
    const [s] = await database.rows<Row<'certifications', 'id'>>(
      sql`INSERT INTO certifications (company_id, state, company_name, address, website, device_quantity, license_no, contact_name,
                                      contact_phone, contact_email, image, image_type, submitted_by)
          VALUES (${ctx.scope.companyId}, 'review', ${fields.companyName}, ${fields.address}, ${website}, ${fields.deviceQuantity},
                  ${fields.licenseNo}, ${fields.contactName}, ${fields.contactPhone}, ${fields.contactEmail.toLowerCase()},
                  ${clean.data}, ${clean.type}, ${ctx.userId})
          RETURNING id`,
      tx,
    );
    await recordAudit(database, tx, ctx.actor, {
      action: 'certification.submit',
      companyId: ctx.scope.companyId,
      targetType: 'certification',
      targetId: s.id,
      targetLabel: fields.companyName,
      changes: {
        state: [c.certification, 'review'],
        ...changesOf(null, { ...fields, website, contactEmail: fields.contactEmail.toLowerCase(), image: `${clean.type} ${clean.data.length} B` }),
      },
    });
    return certificationOf(database, ctx.scope, tx);
  });
}

type ImageRow = Row<'certifications', 'image' | 'image_type'>;

const imageReply = (r: ImageRow | undefined): FileReply => {
  if (!r) throw new AppError(30030);
  return { contentType: r.image_type, body: Buffer.from(r.image), cacheControl: 'private, no-store' };
};

/** The licence image of the caller's company's latest submission as stored (already stripped of metadata), shown inline. */
export async function certificationImage(database: Database, scope: TenantScope): Promise<FileReply> {
  const [r] = await database.rows<ImageRow>(
    sql`SELECT image, image_type FROM certifications WHERE ${scope.owns()} ORDER BY submitted_at DESC, id DESC LIMIT 1`,
  );
  return imageReply(r);
}

/** A submission's licence image, by its id: the back office's review. */
export async function submissionImage(database: Database, id: string): Promise<FileReply> {
  const [r] = await database.rows<ImageRow>(sql`SELECT image, image_type FROM certifications WHERE id = ${id}`);
  return imageReply(r);
}
