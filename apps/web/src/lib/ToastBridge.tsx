import { App as AntdApp } from 'antd';
import { useEffect } from 'react';
import { provideToast } from './toast';

/**
 * While the console (or the back office) is shown, the page-wide messages (lib/toast, the http client's errors) go
 * through antd App's holder, the same one the console's pages use, so they stack together.
 */
export function ToastBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => provideToast(message), [message]);
  return null;
}
