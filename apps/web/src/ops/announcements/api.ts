import type { ApiBody } from '@rrp/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Page } from '../../lib/list';

const ANNOUNCEMENTS_KEY = ['ops', 'announcements'] as const;

export function useOpsAnnouncementList(page: Page) {
  return useQuery({ queryKey: [...ANNOUNCEMENTS_KEY, page], queryFn: () => api('POST /ops/announcement/list', page), placeholderData: keepPreviousData });
}

/** Reads the announcement lists again (after a change). */
export function useRefreshAnnouncements() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
}

type Fields = ApiBody<'POST /ops/announcement/add'>;

/** Writes a new announcement, or the changes of one (with its id). */
export const saveAnnouncement = (body: Fields, id?: string) =>
  id ? api('POST /ops/announcement/update', { ...body, id }) : api('POST /ops/announcement/add', body);

export const publishAnnouncement = (id: string) => api('POST /ops/announcement/publish', { id });

export const deleteAnnouncement = (id: string) => api('POST /ops/announcement/delete', { id });
