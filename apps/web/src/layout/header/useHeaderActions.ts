import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/useLogout';
import { useSupportContact } from '../../features/platform';
import { HOME_PATH } from '../../lib/paths';

export type OpenAnnouncementState = { openAnnouncement: number };

/** What the header's buttons do, shared by the wide header and the phone's account menu. */
export function useHeaderActions() {
  const navigate = useNavigate();
  const logout = useLogout();
  const { officialSite } = useSupportContact();
  return {
    /** '' while no official site is configured: no link is shown then */
    officialSiteUrl: officialSite,
    help: () => navigate('/document'),
    officialSite: () => officialSite && window.open(officialSite, '_blank', 'noopener,noreferrer'),
    announcements: () => navigate(HOME_PATH, { state: { openAnnouncement: Date.now() } satisfies OpenAnnouncementState }),
    logout: () => void logout(),
  };
}
