import type { ComponentType } from 'react';
import type { ConsoleRoute } from './routeTable';
import { type MenuSection, SECTIONS } from './sections';

/**
 * The side menu as data: pages the person may open, grouped under their section parent.
 * A section appears at the position of its first visible page, and only if it has one.
 */
export type MenuNode = {
  key: string;
  titleKey: string;
  icon?: ComponentType;
  children?: MenuNode[];
};

export function buildMenu(routes: readonly ConsoleRoute[], can: (route: ConsoleRoute) => boolean, sections: readonly MenuSection[] = SECTIONS): MenuNode[] {
  const out: MenuNode[] = [];
  const sectionNodes = new Map<string, MenuNode>();
  for (const route of routes) {
    if (route.hideInMenu || !can(route)) continue;
    const leaf: MenuNode = { key: route.path, titleKey: route.titleKey, icon: route.icon };
    const section = route.section ? sections.find((s) => s.key === route.section) : undefined;
    if (!section) {
      out.push(leaf);
      continue;
    }
    let node = sectionNodes.get(section.key);
    if (!node) {
      node = { key: `section:${section.key}`, titleKey: section.titleKey, icon: section.icon, children: [] };
      sectionNodes.set(section.key, node);
      out.push(node);
    }
    node.children?.push(leaf);
  }
  return out;
}

/** The section key (as used by the menu) that holds a page, for the open submenu. */
export function sectionKeyOf(route: ConsoleRoute | undefined): string | undefined {
  return route?.section ? `section:${route.section}` : undefined;
}
