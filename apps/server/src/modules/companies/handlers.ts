import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { addCompany } from './add.js';
import { inviteCompanyAdmin } from './admin-invite.js';
import { certificationImage, certificationOf, submissionImage, submitCertification } from './certification.js';
import { companyDashboard } from './dashboard.js';
import { companyDetail, listCompanies } from './directory.js';
import { companyTree, flatten } from './repository.js';
import { approveCertification, certificationDetail, listCertifications, rejectCertification } from './review.js';
import { setCompanyState } from './state.js';
import { updateCompany } from './update.js';

/** The company tree, certification, and their back-office halves (review queue, company directory). */
export const companyHandlers = ({ database, publicUrl }: { database: Database; publicUrl: string }) =>
  handlers({
    'POST /rrp/company/tree': async ({ scope }) => ({ tree: await companyTree(database, scope) }),

    'POST /rrp/company/options': async ({ scope }) => ({
      list: flatten(await companyTree(database, scope)).map((n) => ({
        id: n.id,
        name: n.name,
        parentId: n.parentId,
        depth: n.depth,
        state: n.state,
      })),
    }),

    'POST /rrp/company/add': ({ body, actor, scope, locale }) => addCompany(database, { actor, scope, locale }, body),
    'POST /rrp/company/update': ({ body, actor, scope }) => updateCompany(database, { actor, scope }, body),
    'POST /rrp/company/state': ({ body, actor, scope }) => setCompanyState(database, { actor, scope }, body),
    'POST /rrp/company/admin/invite': ({ body, actor, scope, locale }) => inviteCompanyAdmin(database, { actor, scope, locale, publicUrl }, body),
    'POST /rrp/company/dashboard': ({ body, scope }) => companyDashboard(database, scope, body.id),

    'POST /rrp/company/certification/query': ({ scope }) => certificationOf(database, scope),
    'POST /rrp/company/certification/submit': ({ upload, actor, caller, scope }) =>
      submitCertification(database, { actor, scope, userId: caller.userId }, upload.fields, upload.files.image),
    'GET /rrp/company/certification/image': ({ scope }) => certificationImage(database, scope),

    'POST /ops/certification/list': ({ body }) => listCertifications(database, body),
    'POST /ops/certification/detail': ({ body }) => certificationDetail(database, body.id),
    'GET /ops/certification/image/:id': ({ params }) => submissionImage(database, params.id),
    'POST /ops/certification/approve': ({ body, actor }) => approveCertification(database, { actor, publicUrl }, body.id),
    'POST /ops/certification/reject': ({ body, actor }) => rejectCertification(database, { actor, publicUrl }, body),

    'POST /ops/company/list': ({ body }) => listCompanies(database, body),
    'POST /ops/company/detail': ({ body, locale }) => companyDetail(database, body.id, locale),
  });
