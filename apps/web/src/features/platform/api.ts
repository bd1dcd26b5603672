import type { TServiceHours, TSupportContact } from '@rrp/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { formatHours } from './formatHours';

export const SUPPORT_CONTACT_KEY = ['platform', 'supportContact'] as const;

/** Read again after this long; home's overview refreshes it every time home opens. */
const STALE_MS = 5 * 60_000;

export type SupportContactView = {
  /** '' until read */
  phone: string;
  email: string;
  /** https address of the official site; '' when none is set (show no link) or until read */
  officialSite: string;
  hours: TServiceHours | null;
  /** the hours in the current language ("周一至周五 09:00–18:00（UTC+8）"), '' until read */
  hoursText: string;
  /** true until the first answer */
  isLoading: boolean;
};

/**
 * The platform's support contact (set by staff in the back office, else from the server's
 * environment), for members: the home card, the customer-service widget, the header's
 * official-site link. It is read only in a member's session.
 */
export function useSupportContact(): SupportContactView {
  const { t } = useTranslation();
  const { loggedIn, principal } = useSession();
  const enabled = loggedIn && principal === 'member';
  const q = useQuery({
    queryKey: SUPPORT_CONTACT_KEY,
    queryFn: () => api('POST /rrp/platform/contact', undefined, { silent: true }),
    enabled,
    staleTime: STALE_MS,
  });
  const c = q.data;
  return {
    phone: c?.phone ?? '',
    email: c?.email ?? '',
    officialSite: c?.officialSite ?? '',
    hours: c?.hours ?? null,
    hoursText: c ? formatHours(c.hours, t) : '',
    isLoading: enabled && q.isPending,
  };
}

/** Keeps the hook's copy in step with a contact read elsewhere (the home overview carries it too). */
export function rememberSupportContact(client: QueryClient, contact: TSupportContact): void {
  client.setQueryData(SUPPORT_CONTACT_KEY, contact);
}
