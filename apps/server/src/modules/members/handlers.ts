import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { acceptInvitation, checkInvitation } from './accept.js';
import { addMember } from './add.js';
import { editMember } from './edit.js';
import { reInvite } from './reinvite.js';
import { deleteMember } from './remove.js';
import { listMembers, memberDetail } from './repository.js';
import { setMemberState } from './state.js';

/** Members of the caller's company, and the invitation a new member accepts. */
export const memberHandlers = ({ database, publicUrl }: { database: Database; publicUrl: string }) =>
  handlers({
    'POST /rrp/user/list': ({ body, scope, caller, locale }) => listMembers(database, scope, caller.userId, body, locale),
    'POST /rrp/user/detail': ({ body, scope, caller, locale }) => memberDetail(database, scope, caller.userId, body.id, locale),
    'POST /rrp/user/add': ({ body, scope, caller, actor, locale }) => addMember(database, { actor, scope, userId: caller.userId, locale, publicUrl }, body),
    'POST /rrp/user/detail/update': ({ body, scope, caller, actor, locale }) =>
      editMember(database, { actor, scope, userId: caller.userId, locale, publicUrl }, body),
    'POST /rrp/user/update': ({ body, scope, caller, actor }) => setMemberState(database, { actor, scope, userId: caller.userId }, body),
    'POST /rrp/user/delete': ({ body, scope, caller, actor }) => deleteMember(database, { actor, scope, userId: caller.userId }, body.id),
    'POST /rrp/user/reInvite': ({ body, scope, caller, actor, locale }) =>
      reInvite(database, { actor, scope, userId: caller.userId, locale, publicUrl }, body.id),
    'POST /rrp/user/invitation/check': ({ body }) => checkInvitation(database, body.token),
    'POST /rrp/user/invitation/accept': ({ body, actor }) => acceptInvitation(database, actor, body),
  });
