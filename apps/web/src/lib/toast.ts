import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Short messages ("signed in", errors of the http client) for code outside the console's antd
 * `App`. Message holders register here: the page-wide one of `app/Providers`, and while the
 * console is shown, its antd `App` (so all its messages stack in one place). The latest
 * registered holder is used; before any, messages are dropped.
 */
const holders: MessageInstance[] = [];

/** Registers a holder; returns its removal. */
export function provideToast(api: MessageInstance): () => void {
  holders.push(api);
  return () => {
    const i = holders.lastIndexOf(api);
    if (i >= 0) holders.splice(i, 1);
  };
}

const current = (): MessageInstance | undefined => holders[holders.length - 1];

export const toast = {
  success: (text: string) => void current()?.success(text),
  error: (text: string) => void current()?.error(text),
  warning: (text: string) => void current()?.warning(text),
  info: (text: string) => void current()?.info(text),
};
