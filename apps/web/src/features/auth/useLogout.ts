import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { clearSession, getSession } from '../../lib/session';

/**
 * Ends the session on the server, then forgets it here whatever the answer (clearSession also
 * drops the tabs, recent pages and cached data of this person), and goes to login.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(async () => {
    try {
      await api(getSession().principal === 'staff' ? 'POST /ops/user/logout' : 'POST /rrp/user/logout', undefined, { silent: true });
    } catch {
      message.warning(t('auth:logout.failed'));
    }
    clearSession();
    navigate('/login', { replace: true });
  }, [navigate, message, t]);
}
