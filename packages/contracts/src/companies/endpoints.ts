import { memberEndpoint, staffEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import { LICENSE_IMAGE } from './constants.js';
import {
  zCertification,
  zCertificationFields,
  zCertificationIdRequest,
  zCertificationImageParams,
  zCertificationReject,
  zCompanyAdd,
  zCompanyAdded,
  zCompanyAdminInvite,
  zCompanyDashboard,
  zCompanyIdRequest,
  zCompanyOptions,
  zCompanyStateUpdate,
  zCompanyTree,
  zCompanyUpdate,
  zOpsCertificationList,
  zOpsCertificationListRequest,
  zOpsCertificationRow,
  zOpsCompanyDetail,
  zOpsCompanyList,
  zOpsCompanyListRequest,
} from './schemas.js';

const tree = { permission: 'COMPANY_SETTING', scope: 'subtree' } as const;
const certification = { permission: 'OPS_CERTIFICATION', scope: 'platform' } as const;
const companies = { permission: 'OPS_COMPANIES', scope: 'platform' } as const;

/** The caller's company tree, its sub-companies, and the company's certification. */
export const companyEndpoints = {
  'POST /rrp/company/tree': memberEndpoint({ ...tree, summary: 'The caller’s company and its sub-companies, as a tree', response: zCompanyTree }),
  'POST /rrp/company/options': memberEndpoint({
    permission: null,
    scope: 'subtree',
    summary: 'The companies of the caller’s tree, for pickers (device migration)',
    response: zCompanyOptions,
  }),
  'POST /rrp/company/add': memberEndpoint({ ...tree, summary: 'Create a sub-company', body: zCompanyAdd, response: zCompanyAdded, audit: 'company.add' }),
  'POST /rrp/company/update': memberEndpoint({
    ...tree,
    summary: 'Rename a sub-company, or change its country or billing',
    body: zCompanyUpdate,
    response: zNull,
    audit: 'company.update',
  }),
  'POST /rrp/company/state': memberEndpoint({
    ...tree,
    summary: 'Disable or enable a sub-company (and its own sub-companies)',
    body: zCompanyStateUpdate,
    response: zNull,
    audit: 'company.state',
  }),
  'POST /rrp/company/admin/invite': memberEndpoint({
    ...tree,
    summary: 'Invite the super administrator of a sub-company',
    body: zCompanyAdminInvite,
    response: zNull,
    audit: 'company.adminInvite',
  }),
  'POST /rrp/company/dashboard': memberEndpoint({
    ...tree,
    summary: 'A company of the tree: devices, online, Licenses, usage this month, members',
    body: zCompanyIdRequest,
    response: zCompanyDashboard,
  }),
  'POST /rrp/company/certification/query': memberEndpoint({
    permission: 'ACCOUNT_INFO',
    scope: 'company',
    summary: 'The company’s certification state and latest submission',
    response: zCertification,
  }),
  'POST /rrp/company/certification/submit': memberEndpoint({
    permission: 'ACCOUNT_INFO',
    scope: 'company',
    summary: 'Submit the company for certification (multipart, with the licence image)',
    description:
      'multipart/form-data with companyName, address, website, deviceQuantity, licenseNo, contactName, contactPhone, contactEmail and the file field `image` (JPG or PNG, at most 2 MB), signed over the raw body bytes',
    multipart: {
      fields: zCertificationFields,
      files: { image: { maxBytes: LICENSE_IMAGE.maxBytes, tooLarge: 30015 } },
      maxBytes: LICENSE_IMAGE.maxBytes + 64 * 1024,
    },
    response: zCertification,
    audit: 'certification.submit',
  }),
  'GET /rrp/company/certification/image': memberEndpoint({
    permission: 'ACCOUNT_INFO',
    scope: 'company',
    summary: 'The licence image of the latest submission',
    response: 'file',
  }),

  // ---- back office
  'POST /ops/certification/list': staffEndpoint({
    ...certification,
    summary: 'Certification submissions by state, with the count of each state',
    body: zOpsCertificationListRequest,
    response: zOpsCertificationList,
  }),
  'POST /ops/certification/detail': staffEndpoint({
    ...certification,
    summary: 'One submission',
    body: zCertificationIdRequest,
    response: zOpsCertificationRow,
  }),
  'GET /ops/certification/image/:id': staffEndpoint({
    ...certification,
    summary: 'The licence image of a submission',
    params: zCertificationImageParams,
    response: 'file',
  }),
  'POST /ops/certification/approve': staffEndpoint({
    ...certification,
    summary: 'Approve: the company is verified and receives 50 Licenses and 5G, once',
    body: zCertificationIdRequest,
    response: zNull,
    audit: 'certification.approve',
  }),
  'POST /ops/certification/reject': staffEndpoint({
    ...certification,
    summary: 'Reject with a reason the customer reads',
    body: zCertificationReject,
    response: zNull,
    audit: 'certification.reject',
  }),

  'POST /ops/company/list': staffEndpoint({
    ...companies,
    summary: 'Every company, searched by name',
    body: zOpsCompanyListRequest,
    response: zOpsCompanyList,
  }),
  'POST /ops/company/detail': staffEndpoint({
    ...companies,
    summary: 'A company: its tree, members, certification and stock',
    body: zCompanyIdRequest,
    response: zOpsCompanyDetail,
  }),
} as const;
