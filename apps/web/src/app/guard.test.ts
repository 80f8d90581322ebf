import { describe, expect, it } from 'vitest';
import { EMPTY_PROFILE, type Profile } from '../features/auth/profile.ts';
import { decideAccess, decideGuestAccess, landingPathFor } from './guard.ts';

const signedIn = (roleId: Profile['roleId']): Profile => ({ ...EMPTY_PROFILE, roleId, isLoggedIn: true });

describe('decideAccess', () => {
  it('sends a visitor without a token to login, whatever the profile says', () => {
    expect(decideAccess(false, EMPTY_PROFILE, ['admin'])).toBe('login');
    expect(decideAccess(false, signedIn('admin'), ['admin'])).toBe('login');
  });

  it('loads the profile when a token exists but no profile is loaded yet', () => {
    expect(decideAccess(true, EMPTY_PROFILE, ['admin'])).toBe('load-profile');
    expect(decideAccess(true, EMPTY_PROFILE, [])).toBe('load-profile');
  });

  it('forbids a role that is not in the route list', () => {
    expect(decideAccess(true, signedIn('consultan'), ['admin'])).toBe('forbidden');
    expect(decideAccess(true, signedIn('umum'), ['admin', 'consultan'])).toBe('forbidden');
  });

  it('allows a listed role', () => {
    expect(decideAccess(true, signedIn('structural'), ['admin', 'structural', 'umum'])).toBe('allow');
  });

  it('lets any signed-in role through an empty role list (the print page)', () => {
    for (const role of ['admin', 'consultan', 'structural', 'umum'] as const) {
      expect(decideAccess(true, signedIn(role), [])).toBe('allow');
    }
  });
});

describe('decideGuestAccess', () => {
  it('sends a stored token home and lets guests in', () => {
    expect(decideGuestAccess(true)).toBe('home');
    expect(decideGuestAccess(false)).toBe('allow');
  });
});

describe('landingPathFor', () => {
  it('lands each role on its first screen', () => {
    expect(landingPathFor('admin')).toBe('/master/jalan');
    expect(landingPathFor('consultan')).toBe('/perlu-koreksi');
    expect(landingPathFor('structural')).toBe('/perlu-approval');
    expect(landingPathFor('umum')).toBe('/maps');
  });

  it('has no landing for a missing role', () => {
    expect(landingPathFor(null)).toBe('/403');
  });
});
