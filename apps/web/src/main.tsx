import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { prefetchRouteData, preloadRoute, router } from './app/router.tsx';
import { endSession, loadProfile } from './features/auth/session.ts';
import { setUnauthenticatedHandler } from './lib/errors.ts';
import { getToken } from './lib/session.ts';
import './app/styles.css';

// Spec §8: a 401 anywhere clears storage and the profile, then goes to the login page.
setUnauthenticatedHandler(() => {
  endSession('expired');
  void router.navigate('/login', { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

// A stored session: the profile and the code of the address load together, then the screen's first data,
// and the first render waits for them (index.html's splash shows meanwhile). That render is then the whole
// signed-in screen with its rows, made as a transition: React renders it in slices of a few milliseconds and
// lets the browser breathe between them. Store updates (the profile, a query's answer) React renders in one
// piece instead: each was one long task that held input and paint (Lighthouse's blocking time, issue 11).
if (getToken()) {
  const { pathname } = window.location;
  await Promise.allSettled([loadProfile().then(() => prefetchRouteData(pathname)), preloadRoute(pathname)]);
}
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
