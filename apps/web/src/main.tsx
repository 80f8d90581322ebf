import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { endSession } from './features/auth/session.ts';
import { setUnauthenticatedHandler } from './lib/errors.ts';
import './app/styles.css';

// Spec §8: a 401 anywhere clears storage and the profile, then goes to the login page.
setUnauthenticatedHandler(() => {
  endSession('expired');
  void router.navigate('/login', { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

// The router loads the address's code, a stored session's profile and the screen's first data (route lazy and
// loaders); index.html's splash shows meanwhile, and the first render is then the whole screen with its rows. It
// is a transition: React renders it in slices and lets the browser breathe between them.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
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
