import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { getProfile, useProfile } from '../features/auth/profile-store.ts';
import { loadProfile } from '../features/auth/session.ts';
import { getToken, useToken } from '../lib/session.ts';
import { useCurrentRoute } from './current-route.ts';
import { decideAccess, decideGuestAccess, FORBIDDEN_PATH, LOGIN_PATH, landingPathFor } from './guard.ts';
import type { AppRoute } from './routes.ts';

/**
 * RequireAuth's route loader: a stored token's profile loads while the route's code does, so a signed-in first
 * visit renders the screen, not the guard's loader. The guard below still decides; a failed load ends the
 * session, which sends it to /login.
 */
export async function requireAuthLoader(): Promise<null> {
  if (decideAccess(Boolean(getToken()), getProfile(), []) === 'load-profile') await loadProfile();
  return null;
}

/** The guard's decision for a route loader: whether the user will see the route (then its data is asked for). */
export async function mayOpen(route: AppRoute): Promise<boolean> {
  await requireAuthLoader();
  return decideAccess(Boolean(getToken()), getProfile(), route.roles) === 'allow';
}

/** Wraps every signed-in route: token, profile (loaded once), then the route's role list. */
export function RequireAuth() {
  const token = useToken();
  const profile = useProfile();
  const route = useCurrentRoute();
  const decision = decideAccess(Boolean(token), profile, route?.roles ?? []);

  useEffect(() => {
    if (decision !== 'load-profile') return;
    void loadProfile();
  }, [decision]);

  switch (decision) {
    case 'login':
      return <Navigate to={LOGIN_PATH} replace />;
    case 'load-profile':
      return <FullPageLoader branded />;
    case 'forbidden':
      return <Navigate to={FORBIDDEN_PATH} replace />;
    case 'allow':
      return <Outlet />;
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
