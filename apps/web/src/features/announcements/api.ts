import type { ApiResult, TAnnouncementDetail } from '@rrp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/http';

export type AnnouncementPage = ApiResult<'POST /rrp/announcement/list'>;

export const announcementKeys = {
  all: ['announcements'] as const,
  page: (pageNum: number, pageSize: number) => ['announcements', 'page', pageNum, pageSize] as const,
  detail: (id: string) => ['announcements', 'detail', id] as const,
};

export function fetchAnnouncements(pageNum: number, pageSize: number): Promise<AnnouncementPage> {
  return api('POST /rrp/announcement/list', { pageNum, pageSize });
}

export function useAnnouncementPage(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: announcementKeys.page(pageNum, pageSize),
    queryFn: () => fetchAnnouncements(pageNum, pageSize),
    placeholderData: (prev) => prev,
  });
}

/** An id the detail call can accept (the server answers 400 for anything but a UUID). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ANNOUNCEMENT_NOT_FOUND = 29012;

/** True when a detail failed because there is no such announcement (404 / 29012, or a malformed id). */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && (err.code === ANNOUNCEMENT_NOT_FOUND || err.status === 404 || err.status === 400);
}

/**
 * One announcement with the ids of its neighbours in the (newest first) list: prevId is the
 * newer one, nextId the older one. Silent: the page shows "not found" or "failed" itself.
 */
export function fetchAnnouncementDetail(id: string): Promise<TAnnouncementDetail> {
  if (!UUID_RE.test(id)) return Promise.reject(new ApiError(ANNOUNCEMENT_NOT_FOUND, 'not found', 404));
  return api('POST /rrp/announcement/detail', { id }, { silent: true });
}

export function useAnnouncementDetail(id: string | null) {
  return useQuery({
    queryKey: announcementKeys.detail(id ?? ''),
    queryFn: () => fetchAnnouncementDetail(id ?? ''),
    enabled: !!id,
  });
}

/** Marks an announcement read and refreshes the lists and the overview. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST /rrp/announcement/mark', { id, read: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: announcementKeys.all });
      void qc.invalidateQueries({ queryKey: ['overview'] });
    },
  });
}
