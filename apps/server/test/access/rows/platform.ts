import type { MatrixRows } from '../matrix.js';

const contact = () => ({
  phone: '400-800-1234',
  email: 'matrix@rrp.local',
  officialSite: 'https://www.rrp.example',
  hours: { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00', utcOffsetMinutes: 480 },
});

/** Platform settings: members read the support contact, staff read and change it. */
export const platformRows: MatrixRows = {
  'POST /rrp/platform/contact': {},
  'POST /ops/platform/contact': {},
  'POST /ops/platform/contact/update': { request: () => ({ body: contact() }) },
};
