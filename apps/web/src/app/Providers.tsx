import { TIMING } from '@rrp/contracts/constants';
import { ConfigProvider, message } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { provideToast } from '../lib/toast';
import { THEME } from './theme';

/** The page-wide message holder behind lib/toast (the http client's errors, "signed in", ...). */
function ToastHost() {
  const [api, holder] = message.useMessage({ duration: TIMING.messageDurationS, maxCount: 3 });
  useEffect(() => provideToast(api), [api]);
  return holder;
}

/**
 * What every page needs: the theme and the message holder. Deliberately light, since the
 * sign-in page loads it: the data layer (TanStack Query), antd's `App` (modal and notification
 * hooks) and antd's locale come with the console (`ConsoleApp`).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={THEME} button={{ autoInsertSpace: false }}>
      <ToastHost />
      {children}
    </ConfigProvider>
  );
}
