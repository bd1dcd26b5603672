import { Activity, type ReactNode, Suspense, useRef } from 'react';
import { type Location, UNSAFE_LocationContext as LocationContext, useLocation, useNavigationType, useOutlet } from 'react-router';
import { PageSkeleton } from './PageSkeleton';
import { useFindRoute } from './routeTable';
import { useTabsState } from './tabsStore';

type Entry = { element: ReactNode; location: Location };

/**
 * Renders the current page and keeps the pages of the other open tabs mounted but hidden
 * (React Activity), so switching tabs keeps their state. A page is released as soon as its
 * tab is closed; pages marked `cache: false` (home) and pages outside the route table are
 * never kept.
 */
export function KeepAliveOutlet() {
  const findRoute = useFindRoute();
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const { tabs } = useTabsState();
  const cache = useRef(new Map<string, Entry>());

  const route = findRoute(location.pathname);
  const activeKey = route && route.cache !== false ? route.path : null;
  if (activeKey) cache.current.set(activeKey, { element: outlet, location });
  const open = new Set(tabs.map((t) => t.key));
  for (const key of [...cache.current.keys()]) {
    if (key !== activeKey && !open.has(key)) cache.current.delete(key);
  }

  return (
    <>
      {[...cache.current.entries()].map(([key, entry]) => {
        const active = key === activeKey;
        return (
          <Activity key={key} mode={active ? 'visible' : 'hidden'}>
            <LocationContext.Provider value={{ location: active ? location : entry.location, navigationType }}>
              <Suspense fallback={<PageSkeleton />}>{entry.element}</Suspense>
            </LocationContext.Provider>
          </Activity>
        );
      })}
      {!activeKey && <Suspense fallback={<PageSkeleton />}>{outlet}</Suspense>}
    </>
  );
}
