import type { Bilingual } from '../text.js';

/** E-mails: subjects and lines. */
export const MAIL_TEXTS = {
  'mail.code.subject': { zh: 'RRP 控制台验证码：{code}', en: 'RRP Console verification code: {code}' },
  'mail.code.purpose.register': { zh: '您正在注册账号。', en: 'You are about to register your account.' },
  'mail.code.purpose.reset': { zh: '您正在重置密码。', en: 'You are about to reset your password.' },
  'mail.code.purpose.email_change': { zh: '您正在把账号邮箱更换为本邮箱。', en: 'You are about to make this address the e-mail of your account.' },
  'mail.code.line': { zh: '验证码：{code}', en: 'Verification code: {code}' },
  'mail.code.validity': { zh: '验证码 {minutes} 分钟内有效，请勿告诉他人。', en: 'The code is valid for {minutes} minutes. Do not share it.' },
  'mail.notYou': { zh: '如果这不是您本人的操作，请忽略本邮件。', en: 'If this was not you, ignore this e-mail.' },
  'mail.registerAttempt.subject': { zh: 'RRP 控制台：有人尝试用您的邮箱注册', en: 'RRP Console: someone tried to register with your e-mail' },
  'mail.registerAttempt.body': {
    zh: '有人尝试用本邮箱注册 RRP 控制台。本邮箱已有账号，因此没有发送验证码，也没有创建新账号。',
    en: 'Someone tried to register on the RRP Console with this address. It already has an account, so no code was sent and no account was created.',
  },
  'mail.registerAttempt.action': {
    zh: '如果是您本人，请直接登录；忘记密码时，请在登录页点击“忘记密码？”重置。',
    en: 'If this was you, sign in instead; if you forgot your password, choose "Forgot password?" on the sign-in page.',
  },
  'mail.invitation.subject': { zh: '{companyName} 邀请您加入 RRP 控制台', en: '{companyName} invites you to the RRP Console' },
  'mail.invitation.greeting': { zh: '{name}，您好：', en: 'Hello {name},' },
  'mail.invitation.body': {
    zh: '{inviter} 邀请您以成员身份加入 {companyName} 的 RRP 控制台。',
    en: '{inviter} invites you to join {companyName} on the RRP Console.',
  },
  'mail.invitation.link': {
    zh: '请打开下面的链接设置登录密码，链接 {days} 天内有效，重新邀请后旧链接失效。',
    en: 'Open the link below to set your password. It is valid for {days} days; a new invitation replaces it.',
  },
  'mail.certification.approved.subject': { zh: '{companyName} 企业认证已通过', en: '{companyName} is verified' },
  'mail.certification.approved.body': {
    zh: '{companyName} 的企业认证已审核通过，已赠送 {licenses} 个 License 和 {dataGb}G 流量。',
    en: '{companyName} has passed certification and received {licenses} Licenses and {dataGb}G of data.',
  },
  'mail.certification.rejected.subject': { zh: '{companyName} 企业认证未通过', en: 'The certification of {companyName} was rejected' },
  'mail.certification.rejected.body': {
    zh: '{companyName} 的企业认证未通过审核，请按以下原因修改后重新提交。',
    en: 'The certification of {companyName} was not approved. Please correct it as described below and submit it again.',
  },
  'mail.certification.rejected.reason': { zh: '驳回原因：{reason}', en: 'Reason: {reason}' },
  'mail.remittance.rejected.reason': { zh: '原因：{reason}', en: 'Reason: {reason}' },
  'mail.remittance.confirmed.subject': { zh: '订单 {orderNo} 已确认收款', en: 'Payment received for order {orderNo}' },
  'mail.remittance.confirmed.body': {
    zh: '我们已核对到订单 {orderNo} 的转账，所购商品已自动到账，可在“我的订单”中查看。',
    en: 'We have matched the transfer for order {orderNo}. What you bought has been delivered; see My orders.',
  },
  'mail.remittance.rejected.subject': { zh: '订单 {orderNo} 的转账未能核对', en: 'The transfer for order {orderNo} could not be matched' },
  'mail.remittance.rejected.body': {
    zh: '我们未能核对到订单 {orderNo} 的转账（银行流水号 {bankTransactionNo}）。请核对后在“我的订单”中重新提交银行流水号。',
    en: 'We could not match the transfer for order {orderNo} (bank transaction number {bankTransactionNo}). Please check it and send the number again under My orders.',
  },
  'mail.invoice.issued.subject': { zh: '开票工单 {ticketNo} 的发票已开具', en: 'The invoice of work order {ticketNo} is issued' },
  'mail.invoice.issued.body': {
    zh: '开票工单 {ticketNo} 的发票已开具，发票号码 {invoiceNo}。',
    en: 'The invoice of work order {ticketNo} has been issued, invoice number {invoiceNo}.',
  },
  'mail.invoice.issued.file': {
    zh: '电子发票文件见本邮件附件，也可在“发票管理 - 开票记录”中下载。',
    en: 'The electronic invoice is attached to this e-mail; you can also download it under Invoices → Records.',
  },
  'mail.invoice.issued.paper': {
    zh: '纸质专用发票已寄出（运费由平台承担）：{trackingNote}',
    en: 'The paper special invoice has been posted (freight paid by the platform): {trackingNote}',
  },
  'mail.invoice.cancelled.subject': { zh: '开票工单 {ticketNo} 已被取消', en: 'Invoice work order {ticketNo} was cancelled' },
  'mail.invoice.cancelled.body': {
    zh: '平台取消了开票工单 {ticketNo}，其中的订单可重新申请开票。',
    en: 'The platform cancelled invoice work order {ticketNo}; its orders can be invoiced again.',
  },
  'mail.invoice.cancelled.reason': { zh: '原因：{reason}', en: 'Reason: {reason}' },
  'mail.alarm.device.subject': { zh: '【{level}】设备告警 {alarmNo}：{imei}', en: '[{level}] Device alarm {alarmNo}: {imei}' },
  'mail.alarm.device.opened': {
    zh: '告警设置“{setting}”：设备 {imei} 本{period}已用流量 {usageMb} MB，达到告警阈值 {thresholdMb} MB（紧急阈值 {urgentMb} MB）。',
    en: 'Alarm setting "{setting}": device {imei} has used {usageMb} MB this {period}, reaching the threshold of {thresholdMb} MB (urgent threshold {urgentMb} MB).',
  },
  'mail.alarm.device.escalated': {
    zh: '告警设置“{setting}”：设备 {imei} 本{period}已用流量 {usageMb} MB，达到紧急阈值 {urgentMb} MB，告警升级为紧急。',
    en: 'Alarm setting "{setting}": device {imei} has used {usageMb} MB this {period}, reaching the urgent threshold of {urgentMb} MB; the alarm is now critical.',
  },
  'mail.alarm.pool.subject': { zh: '【{level}】流量池告警 {alarmNo}：{companyName}', en: '[{level}] Data pool alarm {alarmNo}: {companyName}' },
  'mail.alarm.pool.warning': {
    zh: '{companyName} 的流量池剩余 {remainingMb} MB，已不高于预警值 {value} MB，请及时充值。',
    en: 'The data pool of {companyName} has {remainingMb} MB left, at or below the warning value of {value} MB. Please top it up.',
  },
  'mail.alarm.pool.critical': {
    zh: '{companyName} 的流量池剩余 {remainingMb} MB，已不高于告警值 {value} MB，请尽快充值。',
    en: 'The data pool of {companyName} has {remainingMb} MB left, at or below the alarm value of {value} MB. Please top it up now.',
  },
  'mail.alarm.level.critical': { zh: '紧急', en: 'Critical' },
  'mail.alarm.level.major': { zh: '重要', en: 'Major' },
  'mail.alarm.level.minor': { zh: '次要', en: 'Minor' },
  'mail.alarm.level.warning': { zh: '预警', en: 'Warning' },
  'mail.alarm.period.day': { zh: '日', en: 'day' },
  'mail.alarm.period.week': { zh: '周', en: 'week' },
  'mail.alarm.period.month': { zh: '月', en: 'month' },
  'mail.alarm.view': { zh: '请登录 RRP 控制台，在“告警列表”中查看和处理。', en: 'Sign in to the RRP Console and open the Alarm list to view and handle it.' },
  'mail.webhookDisabled.subject': { zh: 'Webhook 端点已被停用', en: 'A webhook endpoint has been disabled' },
  'mail.webhookDisabled.body': {
    zh: '向 Webhook 端点 {url} 的投递已连续失败 {days} 天，平台已停用该端点，不再向其发送新事件。',
    en: 'Deliveries to the webhook endpoint {url} have failed for {days} days in a row, so the platform has disabled it: it receives no new events.',
  },
  'mail.webhookDisabled.lastError': { zh: '最近一次失败：{lastError}', en: 'The last failure: {lastError}' },
  'mail.webhookDisabled.action': {
    zh: '请修复接收服务后，登录 RRP 控制台，在“开发者”页面重新启用该端点，并可重新投递失败的消息。',
    en: 'Once the receiver is fixed, sign in to the RRP Console, enable the endpoint again on the Developer page, and redeliver the failed messages if needed.',
  },
} satisfies Record<string, Bilingual>;
