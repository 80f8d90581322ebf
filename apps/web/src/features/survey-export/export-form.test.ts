import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { EMPTY_PROFILE, type Profile } from '../auth/profile.ts';
import { type ExportForm, exportFormProblem, exportPayloadOf, lockedDistrictOf } from './export-form.ts';

const FORM: ExportForm = {
  startDate: dayjs('2026-03-01'),
  endDate: dayjs('2026-03-31'),
  districts: [
    { id: 1, name: 'Surabaya Pusat' },
    { id: 3, name: 'Surabaya Timur' },
  ],
  option: '.xlsx',
};

const consultant = (overrides: Partial<Profile>): Profile => ({
  ...EMPTY_PROFILE,
  roleId: 'consultan',
  consultantId: 9,
  isLoggedIn: true,
  ...overrides,
});

describe('exportFormProblem (spec §5 Report export)', () => {
  it('names the first missing field in the spec order', () => {
    expect(exportFormProblem({ ...FORM, startDate: null, endDate: null, districts: [] })).toBe(
      'Tanggal awal tidak boleh kosong',
    );
    expect(exportFormProblem({ ...FORM, endDate: null, districts: [] })).toBe(
      'Tanggal akhir tidak boleh kosong',
    );
    expect(exportFormProblem({ ...FORM, districts: [] })).toBe('Pilih minimal 1 rayon');
    expect(exportFormProblem(FORM)).toBeNull();
  });

  it('refuses a start after the end, as the server does; one day is a range', () => {
    expect(exportFormProblem({ ...FORM, startDate: dayjs('2026-04-01') })).toBe(
      'Tanggal awal tidak boleh lebih besar dari tanggal akhir.',
    );
    expect(exportFormProblem({ ...FORM, startDate: dayjs('2026-03-31') })).toBeNull();
  });
});

describe('exportPayloadOf (spec §7 POST export)', () => {
  it('sends YYYY-MM-DD dates and the Rayon ids; no consultantId for admin', () => {
    expect(exportPayloadOf(FORM, { roleId: 'admin', consultantId: null })).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      districtId: [1, 3],
      option: '.xlsx',
    });
  });

  it("adds a consultant's own consultantId", () => {
    expect(exportPayloadOf({ ...FORM, option: 'foto' }, consultant({}))).toMatchObject({
      option: 'foto',
      consultantId: 9,
    });
  });
});

describe('lockedDistrictOf (spec §6)', () => {
  it("locks an internal consultant to its own district, nobody else's", () => {
    const internal = consultant({
      consultantInternal: true,
      districtCounstantId: 3,
      districtCounstantName: 'Surabaya Timur',
    });
    expect(lockedDistrictOf(internal)).toEqual({ id: 3, name: 'Surabaya Timur' });
    expect(lockedDistrictOf(consultant({ consultantInternal: false }))).toBeNull();
    expect(lockedDistrictOf({ ...internal, roleId: 'admin' })).toBeNull();
    // An internal consultant without a district chooses (the server then refuses other districts).
    expect(lockedDistrictOf({ ...internal, districtCounstantId: null })).toBeNull();
  });
});
