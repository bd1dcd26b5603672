import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';

const ENDPOINT_NOT_FOUND = 38003;
const DELIVERY_NOT_FOUND = 38005;

/** A webhook endpoint of the demo company (a loopback URL: the matrix app refuses it at delivery, so a test call ends at once). */
async function demoEndpoint(fx: Fixtures): Promise<string> {
  const [e] = await fx.t.database.rows<{ id: string }>(sql`
    INSERT INTO webhook_endpoints (company_id, url, events, description, secret)
    VALUES (${fx.demo.id}, 'http://127.0.0.1:9/hook', '{order.paid}', 'matrix', ${`whsec_${randomBytes(32).toString('base64')}`})
    RETURNING id`);
  return e.id;
}

/** A finished delivery of a message of the demo company. */
async function demoDelivery(fx: Fixtures): Promise<string> {
  const endpointId = await demoEndpoint(fx);
  const messageId = `msg_${randomBytes(12).toString('hex')}`;
  await fx.t.database.rows(sql`
    INSERT INTO webhook_messages (id, company_id, event, payload)
    VALUES (${messageId}, ${fx.demo.id}, 'order.paid', '{"type":"order.paid","timestamp":"2026-01-01T00:00:00.000Z","data":{}}')`);
  const [d] = await fx.t.database.rows<{ id: string }>(sql`
    INSERT INTO webhook_deliveries (message_id, endpoint_id, company_id, state, attempts, last_status, next_attempt_at)
    VALUES (${messageId}, ${endpointId}, ${fx.demo.id}, 'succeeded', 1, 200, NULL) RETURNING id`);
  return d.id;
}

const onDemoEndpoint = (body: (id: string) => unknown) => ({
  request: async (fx: Fixtures) => ({ body: body(await demoEndpoint(fx)) }),
  expect: { sub: ENDPOINT_NOT_FOUND, foreign: ENDPOINT_NOT_FOUND },
});

/** Webhook endpoints, deliveries and callback keys of the caller's own company (docs/webhooks.md). */
export const webhookRows: MatrixRows = {
  'POST /rrp/developer/webhook/list': {},
  'POST /rrp/developer/webhook/add': {
    request: async (fx) => {
      // the endpoints other rows made stay under the company's limit
      await fx.t.database.rows(sql`DELETE FROM webhook_endpoints WHERE company_id = ${fx.demo.id} AND description = 'matrix'`);
      return { body: { url: 'https://203.0.113.10/hook', events: ['order.paid', 'ac.bound'] } };
    },
  },
  'POST /rrp/developer/webhook/update': onDemoEndpoint((id) => ({ id, description: 'changed', events: ['ac.unbound'] })),
  'POST /rrp/developer/webhook/delete': onDemoEndpoint((id) => ({ id })),
  'POST /rrp/developer/webhook/test': onDemoEndpoint((id) => ({ id })),
  'POST /rrp/developer/webhook/delivery/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/developer/webhook/delivery/redeliver': {
    request: async (fx) => ({ body: { id: await demoDelivery(fx) } }),
    expect: { sub: DELIVERY_NOT_FOUND, foreign: DELIVERY_NOT_FOUND },
  },
  'POST /rrp/developer/callbackKey/list': {},
  'POST /rrp/developer/callbackKey/rotate': {},
};
