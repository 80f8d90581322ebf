import { Suspense, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { useProfile } from '../features/auth/profile-store.ts';
import { loadProfile } from '../features/auth/session.ts';
import { useToken } from '../lib/session.ts';
import { useCurrentRoute } from './current-route.ts';
import { decideAccess, decideGuestAccess, FORBIDDEN_PATH, LOGIN_PATH, landingPathFor } from './guard.ts';
import { preloadable } from './preloadable.ts';

// The locale, the dialog host and the password modal come after sign-in, outside the login page's budget.
export const SignedInFrame = preloadable(async () => (await import('./signed-in-frame.tsx')).SignedInFrame);

/** Wraps every signed-in route: token, profile (loaded once), then the route's role list. */
export function RequireAuth() {
  const token = useToken();
  const profile = useProfile();
  const route = useCurrentRoute();
  const decision = decideAccess(Boolean(token), profile, route?.roles ?? []);

  useEffect(() => {
    if (decision !== 'load-profile') return;
    void loadProfile();
    void SignedInFrame.preload();
  }, [decision]);

  switch (decision) {
    case 'login':
      return <Navigate to={LOGIN_PATH} replace />;
    case 'load-profile':
      return <FullPageLoader branded />;
    case 'forbidden':
      return <Navigate to={FORBIDDEN_PATH} replace />;
    case 'allow':
      return (
        <Suspense fallback={<FullPageLoader branded />}>
          <SignedInFrame />
        </Suspense>
      );
  }
}

/** /login, /contact-us and /privacy-policy are for guests only. */
export function GuestOnly() {
  const token = useToken();
  return decideGuestAccess(Boolean(token)) === 'home' ? <Navigate to="/" replace /> : <Outlet />;
}

/** The / route: each role lands on its own first screen (spec §2). */
export function LandingRedirect() {
  const profile = useProfile();
  return <Navigate to={landingPathFor(profile.roleId)} replace />;
}
