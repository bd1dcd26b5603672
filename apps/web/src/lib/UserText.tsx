import type { ReactNode } from 'react';

/**
 * Text people typed in (company, member, device and group names): shown as written, in whatever
 * language it was written, and marked so (translate="no") for browsers' translators and for the
 * end-to-end check that no text of the other UI language shows.
 */
export function UserText({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <span translate="no" className={className}>
      {children}
    </span>
  );
}
