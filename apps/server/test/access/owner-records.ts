import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helper.js';

/**
 * One record of every kind a member's list shows, owned by the demo company, so that each list
 * route's answer to its holder names at least one of them and the foreign caller's answer can be
 * checked to name none (access-matrix.test.ts). Rows go in directly: the point is what the
 * lists reveal, not how the records came to be.
 */
export async function addOwnerRecords(t: TestApp, demoId: string, holderId: string): Promise<void> {
  const q = (s: ReturnType<typeof sql>) => t.database.rows<{ id: string }>(s);
  const n = randomUUID().replace(/\D/g, '').padEnd(12, '7').slice(0, 12);
  const [device] = await q(sql`
    INSERT INTO devices (company_id, imei, name, region, status, online, suspended, license_expires_at, eid)
    VALUES (${demoId}, ${`869${n}`}, '到期设备', 'europe', 'esim', true, false, now() + interval '10 days', ${`8904903200${n}000000000000`.slice(0, 32)})
    RETURNING id`);
  await q(sql`INSERT INTO esim_profiles (device_id, iccid, operator_code, state) VALUES (${device.id}, ${`89860${n}111`}, '46000', 'enabled')`);
  await q(sql`INSERT INTO at_cards (device_id, slot, iccid, operator_code, state) VALUES (${device.id}, 1, ${`89861${n}222`}, '46001', 'active')`);
  const orderNo = `R2026${n}01`;
  await q(sql`
    INSERT INTO orders (order_no, company_id, created_by, product_type, product_name_zh, product_name_en, unit_price_fen, quantity, total_fen, pay_method, payer_name, status, expires_at, paid_at, completed_at)
    VALUES (${orderNo}, ${demoId}, ${holderId}, 0, '设备 License', 'Device License', 4900, 1, 4900, 'wechat', '演示科技有限公司', 'completed', now(), now(), now())`);
  await q(sql`INSERT INTO license_ledger (company_id, delta, reason, ref, user_id) VALUES (${demoId}, 1, 'purchase', ${orderNo}, ${holderId})`);
  await q(sql`
    INSERT INTO alarm_settings (company_id, name, scope, period, status, emails, threshold_mb, urgent_mb)
    VALUES (${demoId}, '矩阵告警', 'all', 'day', 'on', 'alarm@demo.rrp.local', 10, 20)`);
  await q(sql`
    INSERT INTO alarms (company_id, type, level, device_id, imei, dedupe_key, params)
    VALUES (${demoId}, 'device_flow', 'major', ${device.id}, ${`869${n}`}, ${`matrix:${n}`},
            ${JSON.stringify({ imei: `869${n}`, setting: '矩阵告警', usageMb: 12, thresholdMb: 10, urgentMb: 20, period: 'day' })}::jsonb)`);
  await q(sql`
    INSERT INTO strategies (company_id, name, interval_minutes, type, domains, quality, mode, packet_loss, delay_ms, jitter_ms, switch_to)
    VALUES (${demoId}, '矩阵策略', 5, 'single', ARRAY['example.com'], 'general', 'any', 10, 200, 50, 'next')`);
  await q(sql`INSERT INTO detections (company_id, device_id, domain, started_by) VALUES (${demoId}, ${device.id}, 'example.com', ${holderId})`);
  await q(sql`
    INSERT INTO ac_codes (company_id, ac_code, status, import_id)
    VALUES (${demoId}, ${`LPA:1$smdp.example.com$MATRIX${n}`}, 'IDLE', ${randomUUID()})`);
  await q(sql`
    INSERT INTO invoice_recipients (company_id, name, phone, address, email)
    VALUES (${demoId}, '矩阵收件人', '13900000000', '上海', ${`recipient${n}@demo.rrp.local`})`);
  await q(sql`
    INSERT INTO report_subscriptions (company_id, user_id, report, frequency, period, next_run_at)
    VALUES (${demoId}, ${holderId}, 'stability', 'weekly', '90d', now() + interval '1 day')`);
  await q(sql`
    INSERT INTO api_keys (company_id, created_by, key_id, name, permissions, secret_hash)
    VALUES (${demoId}, ${holderId}, ${`ak_matrix${n}`}, '矩阵密钥', ARRAY['DEVICE_LIST'], 'unused')`);
  const [hook] = await q(sql`
    INSERT INTO webhook_endpoints (company_id, url, events, secret)
    VALUES (${demoId}, 'https://203.0.113.7/hook', ARRAY['device.status'], ${`whsec_${Buffer.alloc(32, 7).toString('base64')}`})
    RETURNING id`);
  const title = {
    title: '演示科技有限公司',
    taxpayerId: '91310000MA1K000000',
    bank: '招商银行',
    bankAccount: '6225 0000 0000',
    registeredAddress: '上海',
    registeredPhone: '021-60000000',
  };
  const recipient = { name: '矩阵收件人', phone: '13900000000', address: '上海', email: 'recipient@demo.rrp.local' };
  await q(sql`
    INSERT INTO invoices (ticket_no, company_id, type, title, recipient, net_fen, tax_fen, total_fen, applied_by)
    VALUES (${`W2026${n}`}, ${demoId}, 'ordinary', ${JSON.stringify(title)}::jsonb, ${JSON.stringify(recipient)}::jsonb, 4623, 277, 4900, ${holderId})`);
  await q(sql`
    INSERT INTO audit_events (actor_kind, actor_id, actor_name, company_id, action, target_type, target_id, target_label, changes)
    VALUES ('member', ${holderId}, '演示管理员', ${demoId}, 'device.suspend', 'device', ${device.id}, ${`869${n}`}, '{}'::jsonb)`);
  const messageId = `msg_${n}${n}`;
  await q(sql`INSERT INTO webhook_messages (id, company_id, event, payload) VALUES (${messageId}, ${demoId}, 'device.status', '{}')`);
  await q(sql`INSERT INTO webhook_deliveries (message_id, endpoint_id, company_id) VALUES (${messageId}, ${hook.id}, ${demoId})`);
  await q(sql`
    INSERT INTO bills (company_id, bill_month, package_fen, overage_fen, roaming_fen, number_fen, total_fen, devices, usage_bytes, overage_mb, roaming_bytes, rates)
    VALUES (${demoId}, '2026-01', 100, 0, 0, 0, 100, 1, 0, 0, 0, '{}'::jsonb)`);
}
