import type { TAnnouncementBrief } from '@rrp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '../../lib/http';

export type AnnouncementPage = { total: number; list: TAnnouncementBrief[] };

export const announcementKeys = {
  all: ['announcements'] as const,
  page: (pageNum: number, pageSize: number) => ['announcements', 'page', pageNum, pageSize] as const,
  locate: (id: string) => ['announcements', 'locate', id] as const,
};

export function fetchAnnouncements(pageNum: number, pageSize: number): Promise<AnnouncementPage> {
  return post<AnnouncementPage>('/announcement/list', { pageNum, pageSize });
}

export function useAnnouncementPage(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: announcementKeys.page(pageNum, pageSize),
    queryFn: () => fetchAnnouncements(pageNum, pageSize),
    placeholderData: (prev) => prev,
  });
}

export type LocatedAnnouncement = { item: TAnnouncementBrief; prev: TAnnouncementBrief | null; next: TAnnouncementBrief | null };

const SCAN_PAGE = 100;

/**
 * Finds an announcement and its neighbours in the (newest first) list. The list call is the
 * only announcement read the API offers, so this walks its pages of 100.
 */
export async function locateAnnouncement(id: string): Promise<LocatedAnnouncement | null> {
  let prevTail: TAnnouncementBrief | null = null;
  for (let pageNum = 1; ; pageNum++) {
    const page = await fetchAnnouncements(pageNum, SCAN_PAGE);
    const i = page.list.findIndex((a) => a.id === id);
    if (i >= 0) {
      let next = page.list[i + 1] ?? null;
      if (!next && pageNum * SCAN_PAGE < page.total) next = (await fetchAnnouncements(pageNum + 1, SCAN_PAGE)).list[0] ?? null;
      return { item: page.list[i], prev: i > 0 ? page.list[i - 1] : prevTail, next };
    }
    if (page.list.length === 0 || pageNum * SCAN_PAGE >= page.total) return null;
    prevTail = page.list[page.list.length - 1] ?? null;
  }
}

export function useLocatedAnnouncement(id: string | null) {
  return useQuery({
    queryKey: announcementKeys.locate(id ?? ''),
    queryFn: () => locateAnnouncement(id ?? ''),
    enabled: !!id,
  });
}

/** Marks an announcement read and refreshes the lists and the overview. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => post<unknown>('/announcement/mark', { id, read: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: announcementKeys.all });
      void qc.invalidateQueries({ queryKey: ['overview'] });
    },
  });
}
