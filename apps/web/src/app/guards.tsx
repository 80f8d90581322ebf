import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { ChangePasswordProvider } from '../features/auth/components/ChangePasswordProvider.tsx';
import { useProfile } from '../features/auth/profile-store.ts';
import { loadProfile } from '../features/auth/session.ts';
import { useToken } from '../lib/session.ts';
import { useCurrentRoute } from './current-route.ts';
import { decideAccess, decideGuestAccess, FORBIDDEN_PATH, LOGIN_PATH, landingPathFor } from './guard.ts';

/** Wraps every signed-in route: token, profile (loaded once), then the route's role list. */
export function RequireAuth() {
  const token = useToken();
  const profile = useProfile();
  const route = useCurrentRoute();
  const decision = decideAccess(Boolean(token), profile, route?.roles ?? []);

  useEffect(() => {
    if (decision === 'load-profile') void loadProfile();
  }, [decision]);

  switch (decision) {
    case 'login':
      return <Navigate to={LOGIN_PATH} replace />;
    case 'load-profile':
      return <FullPageLoader />;
    case 'forbidden':
      return <Navigate to={FORBIDDEN_PATH} replace />;
    case 'allow':
      return (
        <ChangePasswordProvider>
          <Outlet />
        </ChangePasswordProvider>
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
