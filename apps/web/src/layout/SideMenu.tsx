import { Menu, type MenuProps } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { holds } from '../lib/access';
import { useSession } from '../lib/session';
import { buildMenu, type MenuNode, sectionKeyOf } from './menuModel';
import { useFindRoute, useRouteTable } from './routeTable';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[], t: (k: string) => string): Item[] {
  return nodes.map((n) => ({
    key: n.key,
    icon: n.icon ? createElement(n.icon) : undefined,
    label: t(n.titleKey),
    children: n.children ? toItems(n.children, t) : undefined,
  }));
}

export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const findRoute = useFindRoute();
  const routes = useRouteTable();
  const { t } = useTranslation();
  const { permissions } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const route = findRoute(pathname);

  const nodes = useMemo(() => buildMenu(routes, (r) => holds(permissions, r.permission)), [routes, permissions]);
  const items = useMemo(() => toItems(nodes, t), [nodes, t]);

  const currentSection = sectionKeyOf(route);
  const [openKeys, setOpenKeys] = useState<string[]>(currentSection ? [currentSection] : []);
  useEffect(() => {
    if (currentSection) setOpenKeys((keys) => (keys.includes(currentSection) ? keys : [...keys, currentSection]));
  }, [currentSection]);

  const selected = route ? (route.activeMenu ?? route.path) : pathname;

  return (
    <div data-testid="side-menu" className="side-menu">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[selected]}
        {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
        onClick={({ key }) => {
          if (!key.startsWith('section:') && key !== pathname) navigate(key);
        }}
      />
    </div>
  );
}
