import { describe, expect, it } from 'vitest';
import { PROPOSAL_MESSAGES } from '../messages/proposal.ts';
import { isPhoneNumber, ZContactPerson } from './proposal.ts';

describe('isPhoneNumber', () => {
  it('takes mobiles in the 0, 62 and +62 forms and landlines with their area code, grouped as people write them', () => {
    for (const phone of [
      '081234567890',
      '0812-3456-7890',
      '0812 3456 7890',
      '0812.3456.7890',
      '081234567',
      '+6281234567890',
      '+62 812-3456-7890',
      '6281234567890',
      '(031) 8291234',
      '(031)8291234',
      '031 8291234',
      '031-829-1234',
      '0341 551234',
      '(0341) 551234',
      '+62 31 8291234',
    ]) {
      expect(isPhoneNumber(phone), phone).toBe(true);
    }
  });

  it('refuses words, foreign forms, missing area codes and wrong lengths', () => {
    for (const phone of [
      'telepon',
      '8291234',
      '+1 555 123 4567',
      '0812345',
      '08123456789012',
      '(08) 12345678',
      '62 31 8291234',
      '031--8291234',
      '(031 8291234',
      '031 82',
    ]) {
      expect(isPhoneNumber(phone), phone).toBe(false);
    }
  });
});

describe('the phone field', () => {
  it('keeps a landline as written, trimmed', () => {
    const result = ZContactPerson.safeParse({
      proposalDate: '2026-08-17',
      proposerName: 'Sekretariat DPRD',
      phoneNumber: ' (031) 8291234 ',
      roadId: 1,
      villageId: 1,
      address: 'Jl. Yos Sudarso 18',
    });
    expect(result.success && result.data.phoneNumber).toBe('(031) 8291234');
    const refused = ZContactPerson.safeParse({ ...result.data, phoneNumber: 'telepon' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([PROPOSAL_MESSAGES.phoneFormat]);
  });
});
