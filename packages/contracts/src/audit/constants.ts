/** Who acted: a member of a customer company, platform staff, or the platform itself (jobs). */
export const AUDIT_ACTOR_KINDS = ['member', 'staff', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** Every action the audit log records, by area (the web localises them). */
export const AUDIT_ACTIONS = [
  'member.add',
  'member.update',
  'member.state',
  'member.delete',
  'member.reinvite',
  'member.accept',
  'role.add',
  'role.update',
  'role.delete',
  'company.add',
  'company.update',
  'company.state',
  'company.adminInvite',
  'company.profile',
  'certification.submit',
  'certification.approve',
  'certification.reject',
  'account.update',
  'account.email',
  'account.password',
  'account.locale',
  'device.import',
  'device.suspend',
  'device.unsuspend',
  'device.switchCard',
  'device.sync',
  'device.renew',
  'device.autoRenew',
  'device.migrate',
  'group.add',
  'group.rename',
  'group.delete',
  'group.move',
  'feedback.add',
  'feedback.handle',
  'announcement.add',
  'announcement.update',
  'announcement.publish',
  'announcement.delete',
  'platform.contact',
  'order.create',
  'order.update',
  'order.cancel',
  'order.remittance',
  'order.pay',
  'order.deliver',
  'order.expire',
  'remittance.confirm',
  'remittance.reject',
  'merchandise.update',
  'license.autoRenew',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The most events one audit export holds (the newest ones; the sheet says when more matched). */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** The kinds of record an audit event is about (its `targetType`). */
export const AUDIT_TARGET_TYPES = [
  'member',
  'role',
  'company',
  'certification',
  'account',
  'device',
  'import',
  'group',
  'feedback',
  'announcement',
  'platform',
  'order',
  'merchandise',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
