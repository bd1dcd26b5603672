import { TIMING } from '@rrp/contracts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setHttpHooks } from '../lib/http';
import { queryClient as defaultClient } from './queryClient';
import { THEME } from './theme';

/** Lets the http client show its messages through antd's context-aware message API. */
function HttpMessageBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    setHttpHooks({ showError: (text) => void message.error(text, TIMING.messageDurationS) });
  }, [message]);
  return null;
}

export function Providers({ children, client = defaultClient }: { children: ReactNode; client?: QueryClient }) {
  const { i18n } = useTranslation();
  const antdLocale = i18n.language === 'en' ? enUS : zhCN;
  return (
    <ConfigProvider locale={antdLocale} theme={THEME} button={{ autoInsertSpace: false }}>
      <AntdApp message={{ duration: TIMING.messageDurationS, maxCount: 3 }}>
        <HttpMessageBridge />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
