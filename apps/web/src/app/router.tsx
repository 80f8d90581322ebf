import { type ComponentType, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLoaderData } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { getToken } from '../lib/session.ts';
import { RouteErrorPage } from '../pages/errors/RouteErrorPage.tsx';
import { useCurrentRoute } from './current-route.ts';
import { NOT_FOUND_PATH } from './guard.ts';
import { GuestOnly, mayOpen, RequireAuth, requireAuthLoader } from './guards.tsx';
import { APP_NAME, type AppRoute, pageTitle, ROUTES, type RouteHandle, type RouteLayout } from './routes.ts';
import { named, SCREENS, type ScreenModule } from './screens.tsx';

/** The screen of a route whose code is imported by its loader (see importedByLoader). */
function ImportedAgain() {
  const parts = useLoaderData() as { Component: ComponentType } | null;
  return parts ? <parts.Component /> : null;
}

/**
 * Parts that import the route's code in its loader, on each visit (that `mayImport`) until it succeeds.
 */
function importedByLoader(load: () => Promise<ScreenModule>, mayImport = () => true): ScreenModule {
  let loaded: ScreenModule | undefined;
  return {
    loader: async () => {
      if (!mayImport()) return null;
      loaded ??= await load();
      await loaded.loader?.();
      return { Component: loaded.Component };
    },
    Component: ImportedAgain,
  };
}

/**
 * A route's `lazy` that survives a failed import. React Router keeps what a route's `lazy` gave for the
 * router's life, a rejection included: one failed chunk would break the route until a reload. So a failed
 * import resolves to a loader that imports again on this visit and every later one until it succeeds; while
 * it fails, the route error page shows the cause.
 */
export function lazyRoute(load: () => Promise<ScreenModule>): () => Promise<ScreenModule> {
  return async () => {
    try {
      return await load();
    } catch {
      return importedByLoader(load);
    }
  };
}

/**
 * The `lazy` of a route behind the sign-in guard. React Router starts every matched route's `lazy` together
 * with the guard's loader, so a guest opening a signed-in address would download the frame, the shell and the
 * screen only to be sent to /login; without a token the code waits for a signed-in visit instead.
 */
export function signedInRoute(load: () => Promise<ScreenModule>): () => Promise<ScreenModule> {
  const imported = lazyRoute(load);
  // A guest's visit is sent to /login by the guard before anything renders.
  const isSignedIn = () => getToken() !== null;
  return async () => (isSignedIn() ? imported() : importedByLoader(load, isSignedIn));
}

// The frame and the shells load only after sign-in, so the login page carries neither their locale and dialogs
// nor their menus and dropdowns.
const SignedInFrame = named(() => import('./signed-in-frame.tsx'), 'SignedInFrame');
const AppShell = named(() => import('./layouts/AppShell.tsx'), 'AppShell');
const BareLayout = named(() => import('./layouts/BareLayout.tsx'), 'BareLayout');

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

/** A screen's loader runs only for a user the guard lets in: no data is asked for a redirected visit. */
const guardedLoader = (route: AppRoute, loader: () => Promise<unknown>) => async (): Promise<null> => {
  if (await mayOpen(route)) await loader();
  return null;
};

function toRouteObject(route: AppRoute): RouteObject {
  const load = SCREENS[route.name as keyof typeof SCREENS];
  const handle: RouteHandle = { route };
  const parts = async (): Promise<ScreenModule> => {
    const { Component, loader }: ScreenModule = await load();
    return { Component, ...(loader ? { loader: guardedLoader(route, loader) } : {}) };
  };
  const lazy = route.layout === 'guest' || route.layout === 'error' ? lazyRoute(parts) : signedInRoute(parts);
  return { id: route.name, path: route.path, handle, lazy };
}

const routesIn = (layout: RouteLayout) =>
  ROUTES.filter((route) => route.layout === layout).map(toRouteObject);

/**
 * The route tree built from the table in routes.ts; layouts and guards wrap groups of routes. Each route loads
 * its code (`lazy`) and, for /usulan and /maps, its first data (a loader) before it renders; the first
 * render waits for them behind the start-up loader, drawn like index.html's splash.
 */
export function buildRouteTree(): RouteObject[] {
  return [
    {
      element: <RootFrame />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullPageLoader branded />,
      children: [
        { element: <GuestOnly />, children: routesIn('guest') },
        {
          element: <RequireAuth />,
          loader: requireAuthLoader,
          children: [
            {
              lazy: signedInRoute(SignedInFrame),
              children: [
                ...routesIn('redirect'),
                { lazy: signedInRoute(BareLayout), children: routesIn('bare') },
                { lazy: signedInRoute(AppShell), children: routesIn('shell') },
              ],
            },
          ],
        },
        ...routesIn('error'),
        { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRouteTree());
