import { memberEndpoint, staffEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import { zOpsSupportContact, zSupportContact, zSupportContactInput } from './schemas.js';

/** Platform settings as members read them. */
export const platformEndpoints = {
  'POST /rrp/platform/contact': memberEndpoint({
    summary: 'The support contact: phone, e-mail, official site and service hours',
    permission: null,
    scope: 'self',
    response: zSupportContact,
  }),
} as const;

const settings = { permission: 'OPS_PLATFORM_SETTINGS', scope: 'platform' } as const;

/** The back office edits the platform's settings; the environment gives their defaults. */
export const platformOpsEndpoints = {
  'POST /ops/platform/contact': staffEndpoint({
    ...settings,
    summary: 'The support contact in force, the environment defaults, and who saved it last',
    response: zOpsSupportContact,
  }),
  'POST /ops/platform/contact/update': staffEndpoint({
    ...settings,
    summary: 'Change the support contact every member sees',
    body: zSupportContactInput,
    response: zNull,
    audit: 'platform.contact',
  }),
} as const;
