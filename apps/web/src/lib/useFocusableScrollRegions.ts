import { useEffect } from 'react';

const REGIONS = '.ant-table-content, .ant-table-body';
const MARK = 'data-scroll-focus';

/**
 * Wide tables scroll sideways inside their card; a keyboard user must be able to scroll them too,
 * so a table region that overflows becomes focusable (and stops being so when it fits again).
 */
export function useFocusableScrollRegions(): void {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      // antd's row that measures column widths: inert (hidden from assistive technology and
      // unreachable by keyboard) instead of aria-hidden over cells that may be focusable
      for (const row of document.querySelectorAll<HTMLElement>('.ant-table-measure-row[aria-hidden="true"]')) {
        row.inert = true;
        row.removeAttribute('aria-hidden');
      }
      for (const el of document.querySelectorAll<HTMLElement>(REGIONS)) {
        const overflows = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
        if (overflows && !el.hasAttribute('tabindex')) {
          el.tabIndex = 0;
          el.setAttribute(MARK, '');
        } else if (!overflows && el.hasAttribute(MARK)) {
          el.removeAttribute('tabindex');
          el.removeAttribute(MARK);
        }
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, []);
}
