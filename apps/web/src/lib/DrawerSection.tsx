import { Typography } from 'antd';
import type { ReactNode } from 'react';
import './drawerSection.css';

/** A titled part of a detail drawer (a bill's rates, a work order's orders), set apart from the one above. */
export function DrawerSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="drawer-section">
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}
