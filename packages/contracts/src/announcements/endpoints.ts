import { memberEndpoint } from '../core/endpoint.js';
import { zNull, zPageRequest } from '../core/paging.js';
import { zAnnouncementDetail, zAnnouncementDetailRequest, zAnnouncementList, zAnnouncementMark } from './schemas.js';

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
