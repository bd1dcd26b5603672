import { memberEndpoint, publicEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import {
  zInvitationAccept,
  zInvitationCheck,
  zInvitationInfo,
  zMemberAdd,
  zMemberAdded,
  zMemberDetail,
  zMemberDetailUpdate,
  zMemberIdRequest,
  zMemberList,
  zMemberListRequest,
  zMemberStateUpdate,
} from './schemas.js';

const members = { permission: 'USER_LIST', scope: 'company' } as const;

/** Members of the caller's company, and the invitation they accept to join. */
export const memberEndpoints = {
  'POST /rrp/user/list': memberEndpoint({ ...members, summary: 'Members, filtered and paged', body: zMemberListRequest, response: zMemberList }),
  'POST /rrp/user/detail': memberEndpoint({ ...members, summary: 'One member', body: zMemberIdRequest, response: zMemberDetail }),
  'POST /rrp/user/add': memberEndpoint({
    ...members,
    summary: 'Add a member: an invitation e-mail lets them set a password',
    body: zMemberAdd,
    response: zMemberAdded,
    audit: 'member.add',
  }),
  'POST /rrp/user/detail/update': memberEndpoint({
    ...members,
    summary: "Edit a member's name, phone, e-mail, roles and description",
    body: zMemberDetailUpdate,
    response: zNull,
    audit: 'member.update',
  }),
  'POST /rrp/user/update': memberEndpoint({
    ...members,
    summary: 'Enable or disable a member (disabling ends their sessions)',
    body: zMemberStateUpdate,
    response: zNull,
    audit: 'member.state',
  }),
  'POST /rrp/user/delete': memberEndpoint({
    ...members,
    summary: 'Delete a member (not yourself, not the last super administrator)',
    body: zMemberIdRequest,
    response: zNull,
    audit: 'member.delete',
  }),
  'POST /rrp/user/reInvite': memberEndpoint({
    ...members,
    summary: 'Send a pending member a new invitation (the old link stops working)',
    body: zMemberIdRequest,
    response: zNull,
    audit: 'member.reinvite',
  }),
  'POST /rrp/user/invitation/check': publicEndpoint({ summary: 'Who an invitation link is for', body: zInvitationCheck, response: zInvitationInfo }),
  'POST /rrp/user/invitation/accept': publicEndpoint({
    summary: 'Accept an invitation: set the password and sign up',
    body: zInvitationAccept,
    response: zNull,
    audit: 'member.accept',
  }),
} as const;
