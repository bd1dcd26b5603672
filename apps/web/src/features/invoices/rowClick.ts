import type { HTMLAttributes } from 'react';

/** Whether a click landed on a control of its own (a button, a link, a popover) rather than on the row. */
const fromControl = (target: EventTarget) => target instanceof Element && !!target.closest('button, a, input, .ant-popover');

/**
 * Table row props that open the row's record on a click anywhere in the row (its own controls
 * keep their action). For the mouse; the row's first cell has the same action as a button for
 * the keyboard and screen readers.
 */
export const openOnRowClick =
  <T>(open: (row: T) => void) =>
  (row: T): HTMLAttributes<HTMLElement> => ({
    onClick: (e) => {
      if (!fromControl(e.target)) open(row);
    },
  });
