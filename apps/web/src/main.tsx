import { StrictMode } from 'react';
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

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
