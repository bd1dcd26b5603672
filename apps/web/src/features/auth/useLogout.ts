import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tabsStore } from '../../layout/tabsStore';
import { post } from '../../lib/http';
import { clearSession } from '../../lib/session';

/** Ends the session on the server, then forgets it here whatever the answer, and goes to login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(async () => {
    try {
      await post('/user/logout', {}, { silent: true });
    } catch {
      message.warning(t('auth:logout.failed'));
    }
    clearSession();
    tabsStore.reset();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient, message, t]);
}
