import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useFindRoute } from './routeTable';
import { findSection } from './sections';

/** Section › parent page › page, from the route table. */
export function Breadcrumbs() {
  const findRoute = useFindRoute();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  if (!route) return null;
  const section = findSection(route.section);
  const parent = route.parent ? findRoute(route.parent) : undefined;
  const items = [
    ...(section ? [{ key: section.key, title: t(section.titleKey) }] : []),
    ...(parent ? [{ key: parent.path, title: <Link to={parent.path}>{t(parent.titleKey)}</Link> }] : []),
    { key: route.path, title: t(route.titleKey) },
  ];
  return <Breadcrumb className="page-breadcrumb" items={items} />;
}
