import { z } from 'zod';
import { field } from '../core/labels.js';
import { zId, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { multiline } from '../core/text.js';
import { EMAIL_RE, LIMITS, PHONE_RE } from '../shared/limits.js';
import { MEMBER_STATES } from './constants.js';

const zMemberName = field('成员名称', 'member name', z.string().trim().min(1).max(LIMITS.memberNameMax));
const zPhone = field('手机号', 'mobile phone', z.string().trim().regex(PHONE_RE));
const zMail = field('邮箱', 'e-mail', z.string().trim().max(LIMITS.emailMax).regex(EMAIL_RE));
const zRoleIds = field('角色', 'roles', z.array(z.uuid()).min(1).max(20));
const zDescription = multiline(field('描述', 'description', z.string().trim().max(LIMITS.descriptionMax)));
const zEditableState = field('状态', 'state', z.enum(['enabled', 'disabled']));
const zMemberId = zId('成员', 'member');

export const zMemberListRequest = z.object({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(10),
  name: field('成员名称', 'member name', z.string().trim().max(LIMITS.memberNameMax)).optional(),
  phone: field('手机号', 'mobile phone', z.string().trim().max(20)).optional(),
  mail: field('邮箱', 'e-mail', z.string().trim().max(LIMITS.emailMax)).optional(),
  roleId: zId('角色', 'role').optional(),
  state: field('状态', 'state', z.enum(MEMBER_STATES)).optional(),
});

export const zMemberRole = z.object({ id: z.string(), name: z.string() });
export const zMemberRow = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  mail: z.string(),
  roles: z.array(zMemberRole),
  state: z.enum(MEMBER_STATES),
  description: z.string(),
  /** the signed-in member's own row */
  isSelf: z.boolean(),
  createdAt: z.string(),
  /** when the pending invitation was sent (null once accepted) */
  invitedAt: z.string().nullable(),
});
export type TMemberRow = z.infer<typeof zMemberRow>;
export const zMemberList = zPage(zMemberRow);

export const zMemberDetail = zMemberRow.extend({
  jobTitle: z.string(),
  /** the union of the member's roles' codes */
  permissions: z.array(z.string()),
  lastSignInAt: z.string().nullable(),
  invitationExpiresAt: z.string().nullable(),
});
export type TMemberDetail = z.infer<typeof zMemberDetail>;

export const zMemberAdd = z.object({
  name: zMemberName,
  phone: zPhone,
  mail: zMail,
  roleIds: zRoleIds,
  state: zEditableState,
  description: zDescription.optional(),
});
export type TMemberAdd = z.infer<typeof zMemberAdd>;

/** Edit a member's details and roles. */
export const zMemberDetailUpdate = z.object({
  id: zMemberId,
  name: zMemberName,
  phone: zPhone,
  mail: zMail,
  roleIds: zRoleIds,
  description: zDescription.optional(),
});
/** Enable or disable a member. */
export const zMemberStateUpdate = z.object({ id: zMemberId, state: zEditableState });
export const zMemberIdRequest = z.object({ id: zMemberId });
export const zMemberAdded = z.object({ id: z.string() });

const zInvitationToken = field('邀请链接', 'invitation link', z.string().min(20).max(100));
export const zInvitationCheck = z.object({ token: zInvitationToken });
export const zInvitationInfo = z.object({ name: z.string(), mail: z.string(), companyName: z.string(), expiresAt: z.string() });
export const zInvitationAccept = z.object({
  token: zInvitationToken,
  password: field('密码', 'password', z.string().min(1).max(64)),
  confirmPassword: field('确认密码', 'confirm password', z.string().min(1).max(64)),
});
export type TInvitationInfo = z.infer<typeof zInvitationInfo>;
