import { describe, expect, it } from 'vitest';
import { hasApprovalNotice } from './api.ts';

describe('hasApprovalNotice', () => {
  it('is on when any proposal type waits', () => {
    expect(hasApprovalNotice({ taruna: false, umum: false, pokir: true, musrenbang: false })).toBe(true);
  });

  it('is off when none waits or nothing is known yet', () => {
    expect(hasApprovalNotice({ taruna: false, umum: false, pokir: false, musrenbang: false })).toBe(false);
    expect(hasApprovalNotice(undefined)).toBe(false);
  });
});
