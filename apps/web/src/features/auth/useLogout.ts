import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { post } from '../../lib/http';
import { clearSession } from '../../lib/session';

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
      await post('/user/logout', {}, { silent: true });
    } catch {
      message.warning(t('auth:logout.failed'));
    }
    clearSession();
    navigate('/login', { replace: true });
  }, [navigate, message, t]);
}
