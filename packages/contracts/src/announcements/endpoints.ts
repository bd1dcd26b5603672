import { memberEndpoint, staffEndpoint } from '../core/endpoint.js';
import { zNull, zPageRequest } from '../core/paging.js';
import {
  zAnnouncementDetail,
  zAnnouncementDetailRequest,
  zAnnouncementInput,
  zAnnouncementList,
  zAnnouncementMark,
  zAnnouncementUpdate,
  zOpsAnnouncement,
  zOpsAnnouncementAdded,
  zOpsAnnouncementIdRequest,
  zOpsAnnouncementList,
  zOpsAnnouncementListRequest,
} from './schemas.js';

/** Platform announcements as members read them; the read mark is the member's own. */
export const announcementEndpoints = {
  'POST /rrp/announcement/list': memberEndpoint({
    summary: 'Announcements, newest first',
    permission: null,
    scope: 'self',
    body: zPageRequest,
    response: zAnnouncementList,
  }),
  'POST /rrp/announcement/detail': memberEndpoint({
    summary: 'One announcement with its previous and next',
    permission: null,
    scope: 'self',
    body: zAnnouncementDetailRequest,
    response: zAnnouncementDetail,
  }),
  'POST /rrp/announcement/mark': memberEndpoint({
    summary: 'Mark an announcement read or unread',
    permission: null,
    scope: 'self',
    body: zAnnouncementMark,
    response: zNull,
  }),
} as const;

const announcements = { permission: 'OPS_ANNOUNCEMENTS', scope: 'platform' } as const;

/** The back office writes and publishes announcements, to every company or to chosen ones. */
export const announcementOpsEndpoints = {
  'POST /ops/announcement/list': staffEndpoint({
    ...announcements,
    summary: 'Announcements, drafts and published',
    body: zOpsAnnouncementListRequest,
    response: zOpsAnnouncementList,
  }),
  'POST /ops/announcement/detail': staffEndpoint({
    ...announcements,
    summary: 'One announcement',
    body: zOpsAnnouncementIdRequest,
    response: zOpsAnnouncement,
  }),
  'POST /ops/announcement/add': staffEndpoint({
    ...announcements,
    summary: 'Write an announcement (a draft until published)',
    body: zAnnouncementInput,
    response: zOpsAnnouncementAdded,
    audit: 'announcement.add',
  }),
  'POST /ops/announcement/update': staffEndpoint({
    ...announcements,
    summary: 'Edit an announcement',
    body: zAnnouncementUpdate,
    response: zNull,
    audit: 'announcement.update',
  }),
  'POST /ops/announcement/publish': staffEndpoint({
    ...announcements,
    summary: 'Publish a draft to its audience',
    body: zOpsAnnouncementIdRequest,
    response: zNull,
    audit: 'announcement.publish',
  }),
  'POST /ops/announcement/delete': staffEndpoint({
    ...announcements,
    summary: 'Delete an announcement',
    body: zOpsAnnouncementIdRequest,
    response: zNull,
    audit: 'announcement.delete',
  }),
} as const;
