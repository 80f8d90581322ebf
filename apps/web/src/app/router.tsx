import { Suspense, useEffect } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { getProfile } from '../features/auth/profile-store.ts';
import { RouteErrorPage } from '../pages/errors/RouteErrorPage.tsx';
import { useCurrentRoute } from './current-route.ts';
import { decideAccess, NOT_FOUND_PATH } from './guard.ts';
import { GuestOnly, RequireAuth, SignedInFrame } from './guards.tsx';
import { type PreloadableComponent, preloadable } from './preloadable.ts';
import { APP_NAME, type AppRoute, pageTitle, ROUTES, type RouteHandle, type RouteLayout } from './routes.ts';
import { FIRST_VIEWS, SCREENS } from './screens.tsx';

// The shells load only after sign-in, so the login page does not carry their menus and dropdowns.
const AppShell = preloadable(async () => (await import('./layouts/AppShell.tsx')).AppShell);
const BareLayout = preloadable(async () => (await import('./layouts/BareLayout.tsx')).BareLayout);
const LAYOUTS: Partial<Record<RouteLayout, PreloadableComponent>> = { shell: AppShell, bare: BareLayout };

/** Sets '<title> | e-Usulan Jalan' for every route (spec §2). */
function RootFrame() {
  const route = useCurrentRoute();
  useEffect(() => {
    document.title = route ? pageTitle(route.title) : APP_NAME;
  }, [route]);
  return (
    <Suspense fallback={<FullPageLoader branded />}>
      <Outlet />
    </Suspense>
  );
}

function toRouteObject(route: AppRoute): RouteObject {
  const Screen = SCREENS[route.name as keyof typeof SCREENS];
  const handle: RouteHandle = { route };
  return { id: route.name, path: route.path, handle, element: <Screen /> };
}

const routesIn = (layout: RouteLayout) =>
  ROUTES.filter((route) => route.layout === layout).map(toRouteObject);

/** The route tree built from the table in routes.ts; layouts and guards wrap groups of routes. */
export function buildRouteTree(): RouteObject[] {
  return [
    {
      element: <RootFrame />,
      errorElement: <RouteErrorPage />,
      children: [
        { element: <GuestOnly />, children: routesIn('guest') },
        {
          element: <RequireAuth />,
          children: [
            ...routesIn('redirect'),
            { element: <BareLayout />, children: routesIn('bare') },
            { element: <AppShell />, children: routesIn('shell') },
          ],
        },
        ...routesIn('error'),
        { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}

const routeAt = (routes: RouteObject[], pathname: string) =>
  ((matchRoutes(routes, pathname) ?? []).at(-1)?.route.handle as RouteHandle | undefined)?.route;

/**
 * A signed-in first visit fetches the frame, the layout and the screen of the address together, while the
 * profile loads, instead of each after the one above it has rendered.
 */
export function preloadSignedInRoute(routes: RouteObject[], pathname: string): Promise<unknown> {
  const route = routeAt(routes, pathname);
  if (!route || route.layout === 'guest' || route.layout === 'error') return Promise.resolve();
  const screen = SCREENS[route.name as keyof typeof SCREENS];
  const parts = [SignedInFrame, LAYOUTS[route.layout], screen];
  return Promise.allSettled(parts.map((part) => (part && 'preload' in part ? part.preload() : undefined)));
}

/**
 * A signed-in first visit's first data (FIRST_VIEWS), once the profile is in and lets the role open the
 * address: the answer is then in the cache when the screen first renders.
 */
export function prefetchSignedInData(routes: RouteObject[], pathname: string): Promise<unknown> {
  const route = routeAt(routes, pathname);
  const prefetch = route ? FIRST_VIEWS[route.name as keyof typeof FIRST_VIEWS] : undefined;
  if (!route || !prefetch || decideAccess(true, getProfile(), route.roles) !== 'allow')
    return Promise.resolve();
  return prefetch();
}

const routeTree = buildRouteTree();
export const router = createBrowserRouter(routeTree);
export const preloadRoute = (pathname: string) => preloadSignedInRoute(routeTree, pathname);
export const prefetchRouteData = (pathname: string) => prefetchSignedInData(routeTree, pathname);
