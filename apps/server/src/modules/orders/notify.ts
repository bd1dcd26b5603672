import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client.js';
import type { FileReply } from '../../http/handler.js';
import { AppError } from '../../plugins/errors.js';
import type { PaymentGateway } from './gateway.js';
import { recordPaymentEvent } from './payment.js';
import { applyTransaction } from './wechat.js';

const ACK: FileReply = { contentType: 'application/json', body: '' };

/**
 * WeChat Pay's payment notification (at least once, possibly many times at once): verified over
 * the raw body and decrypted, then recorded like any payment report — the order is paid once and
 * every copy after the first is acknowledged as a duplicate. A refused notification changes
 * nothing but the record of it, and answers an error so WeChat retries or stops on its schedule.
 */
export async function handleWechatNotification(
  database: Database,
  gateway: PaymentGateway | null,
  req: { headers: Record<string, string | string[] | undefined>; rawBody?: Buffer },
  reply: FastifyReply,
): Promise<FileReply> {
  // without WeChat Pay configured nothing can be verified, so nothing is accepted
  const opened = gateway ? gateway.openNotification(req.headers, req.rawBody?.toString('utf8') ?? '') : ({ ok: false, reason: 'not_configured' } as const);
  if (!opened.ok) {
    await recordPaymentEvent(database, { eventId: null, orderNo: null, outcome: 'refused', reason: opened.reason });
    throw new AppError(28003);
  }
  const { transaction: tx, eventId } = opened;
  if (opened.eventType !== 'TRANSACTION.SUCCESS') {
    await recordPaymentEvent(database, { eventId, orderNo: tx.outTradeNo, outcome: 'ignored', reason: opened.eventType });
    reply.code(204);
    return ACK;
  }
  const result = await applyTransaction(database, tx, gateway as PaymentGateway, 'notification', eventId);
  // a payment is recorded by the statement that made it; duplicates and refusals here
  if (result.outcome !== 'paid')
    await recordPaymentEvent(database, {
      eventId,
      orderNo: tx.outTradeNo,
      outcome: result.outcome,
      reason: result.outcome === 'refused' ? result.reason : null,
      detail: { transactionId: tx.transactionId, amountFen: tx.amountFen },
    });
  if (result.outcome === 'refused') throw new AppError(result.reason === 'unknown_order' ? 27001 : result.reason === 'order_closed' ? 27007 : 27008);
  reply.code(204);
  return ACK;
}
