// The baseline of the payment-notification benchmark: what a notification handler cannot do
// without. A bare Fastify 5 route with a pg Pool of 10 (the size of ours) that verifies the
// notification's RSA-SHA256 signature (Wechatpay-Signature over "timestamp\nnonce\nbody\n" with
// the platform public key, timestamp within 300 s) and runs the single conditional UPDATE that
// marks the order paid. The order number, amount and transaction id travel in plain headers
// (X-Bench-*), so it decrypts nothing, writes no record, queues nothing and delivers nothing.
// Env: DATABASE_URL, PORT, HOST, PLATFORM_PUBLIC_KEY (PEM).
import { createPublicKey, verify } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const { DATABASE_URL, PLATFORM_PUBLIC_KEY, PORT = '8091', HOST = '127.0.0.1' } = process.env;
if (!DATABASE_URL || !PLATFORM_PUBLIC_KEY) {
  process.stderr.write('DATABASE_URL and PLATFORM_PUBLIC_KEY are required\n');
  process.exit(1);
}
const key = createPublicKey(PLATFORM_PUBLIC_KEY);
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.removeContentTypeParser('application/json');
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

const PAY = `UPDATE orders SET status = 'paid', paid_at = now(), transaction_id = $2, paid_fen = $3
             WHERE order_no = $1 AND status = 'pending_payment' AND pay_method = 'wechat' AND total_fen = $3`;

app.get('/', async () => 'ok');
app.post('/api/v1/pay/wechat/notify', async (req, reply) => {
  const h = req.headers;
  const ts = Number(h['wechatpay-timestamp']);
  const message = `${h['wechatpay-timestamp']}\n${h['wechatpay-nonce']}\n${req.body}\n`;
  const ok =
    Math.abs(Date.now() / 1000 - ts) <= 300 && verify('RSA-SHA256', Buffer.from(message), key, Buffer.from(String(h['wechatpay-signature']), 'base64'));
  if (!ok) return reply.code(401).send({ code: 'FAIL', message: 'signature' });
  await pool.query(PAY, [h['x-bench-order'], h['x-bench-transaction'], Number(h['x-bench-amount'])]);
  return reply.code(204).send();
});

await app.listen({ port: Number(PORT), host: HOST });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
