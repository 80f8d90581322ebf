import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { preloadRoute, router } from './app/router.tsx';
import { endSession, loadProfile } from './features/auth/session.ts';
import { setUnauthenticatedHandler } from './lib/errors.ts';
import { getToken } from './lib/session.ts';
import './app/styles.css';

// Spec §8: a 401 anywhere clears storage and the profile, then goes to the login page.
setUnauthenticatedHandler(() => {
  endSession('expired');
  void router.navigate('/login', { replace: true });
});

// A stored session: the profile and the code of the address load together, before the first render.
if (getToken()) {
  void loadProfile();
  preloadRoute(window.location.pathname);
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The first render as a transition: React renders it in slices of a few milliseconds and lets the browser
// breathe between them, instead of one long task that holds input and paint (Lighthouse's blocking time).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
