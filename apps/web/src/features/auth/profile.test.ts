import type { TAuthUser } from '@eusulan/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_PROFILE, initialOf, profileFromAuthUser } from './profile.ts';
import { getProfile, setProfile } from './profile-store.ts';

const user = (overrides: Partial<TAuthUser>): TAuthUser => ({
  id: 7,
  name: 'Budi Santoso',
  username: 'budi',
  mustChangePassword: false,
  role: { id: 1, slug: 'admin', name: 'Administrator' },
  userable: null,
  ...overrides,
});

const consultantUser = (consultantType: 'internal' | 'external') =>
  user({
    name: 'Akun Rayon',
    role: { id: 2, slug: 'consultan', name: 'Rayon' },
    userable: {
      id: 31,
      code: 'RY-01',
      name: 'Rayon Surabaya Pusat',
      consultantType,
      consultantTypeName: consultantType === 'internal' ? 'Internal' : 'Eksternal',
      district: consultantType === 'internal' ? { id: 4, name: 'Surabaya Pusat' } : null,
    },
  });

describe('profileFromAuthUser', () => {
  it('shows admin as Administrator whatever the account name', () => {
    const profile = profileFromAuthUser(user({ name: 'Pak Admin' }));
    expect(profile).toMatchObject({ uuid: 7, name: 'Administrator', roleId: 'admin', isLoggedIn: true });
  });

  it("shows a consultant under the consultant's name", () => {
    expect(profileFromAuthUser(consultantUser('external')).name).toBe('Rayon Surabaya Pusat');
  });

  it.each([
    ['structural', 'Struktural'],
    ['umum', 'Umum'],
  ] as const)("shows %s under the user's own name", (slug, roleName) => {
    const profile = profileFromAuthUser(user({ role: { id: 3, slug, name: roleName } }));
    expect(profile).toMatchObject({ name: 'Budi Santoso', roleId: slug, roleName });
  });

  it("keeps an internal consultant's id and district", () => {
    expect(profileFromAuthUser(consultantUser('internal'))).toMatchObject({
      consultantId: 31,
      consultantInternal: true,
      districtCounstantId: 4,
      districtCounstantName: 'Surabaya Pusat',
    });
  });

  it('has no district for an external consultant', () => {
    expect(profileFromAuthUser(consultantUser('external'))).toMatchObject({
      consultantId: 31,
      consultantInternal: false,
      districtCounstantId: null,
      districtCounstantName: null,
    });
  });

  it('carries the must-change-password flag', () => {
    expect(profileFromAuthUser(user({ mustChangePassword: true })).mustChangePassword).toBe(true);
  });
});

describe('profile store', () => {
  it('clears every field when set to null', () => {
    setProfile(profileFromAuthUser(consultantUser('internal')));
    expect(getProfile().isLoggedIn).toBe(true);
    setProfile(null);
    expect(getProfile()).toEqual(EMPTY_PROFILE);
  });
});

describe('initialOf', () => {
  it('takes the upper-cased first letter of the display name', () => {
    expect(initialOf('administrator')).toBe('A');
    expect(initialOf('  ')).toBe('?');
  });
});
