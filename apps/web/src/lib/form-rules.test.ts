import {
  ZAsbSurveyor,
  ZDashboardSearchQuery,
  ZListQuery,
  ZSubdistrict,
  ZTypeWorkColor,
  ZUserCreate,
  ZUserUpdate,
  ZVillage,
  ZWorkNote,
} from '@eusulan/shared';
import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTACT_PERSON_RULES, PROPOSAL_FORM_RULES } from '../features/proposal/field-rules.ts';
import { zodRule } from './form-rules.ts';

/** The words of zod's English texts (the server's bad-input test looks for the same). */
const ENGLISH =
  /\b(expected|required|invalid|must|too (big|small)|string|number|received|unrecognized|should)\b/i;

/** The same wrong values the server's bad-input test sends. */
const WRONG_VALUES: unknown[] = [
  'x'.repeat(201),
  'x'.repeat(5001),
  12345,
  -1,
  1.5,
  1e308,
  [1, 'a'],
  { a: 1 },
  {},
  null,
  true,
  'NaN',
  '1e309',
  'abc',
  '   ',
];

/** The message a rule shows for a value, or undefined when it passes. */
async function messageOf(rule: FormRule, value: unknown): Promise<string | undefined> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('not a validator rule');
  try {
    await rule.validator({}, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const RULES: Record<string, FormRule> = {
  ...Object.fromEntries(
    Object.entries(PROPOSAL_FORM_RULES).map(([name, rule]) => [`proposal ${name}`, rule]),
  ),
  ...Object.fromEntries(
    Object.entries(CONTACT_PERSON_RULES).map(([name, rule]) => [`contact ${name}`, rule]),
  ),
  'work note name': zodRule(ZWorkNote.shape.name),
  'work note description': zodRule(ZWorkNote.shape.description),
  'asb price': zodRule(ZAsbSurveyor.shape.price),
  'colour type work': zodRule(ZTypeWorkColor.shape.type_work),
  colour: zodRule(ZTypeWorkColor.shape.color),
  'user role': zodRule(ZUserUpdate.shape.roleId),
  'user name': zodRule(ZUserUpdate.shape.name),
  'user username': zodRule(ZUserUpdate.shape.username),
  'user password': zodRule(ZUserCreate.shape.password),
  'subdistrict district': zodRule(ZSubdistrict.shape.districtId),
  'village name': zodRule(ZVillage.shape.name),
  'list search': zodRule(ZListQuery.shape.search),
  'maps search': zodRule(ZDashboardSearchQuery.shape.search),
  'maps search limit': zodRule(ZDashboardSearchQuery.shape.limit),
};

describe('zodRule', () => {
  it('answers over-long and wrong-typed values in Indonesian on every shared form rule', async () => {
    const english: string[] = [];
    for (const [name, rule] of Object.entries(RULES)) {
      for (const value of WRONG_VALUES) {
        const message = await messageOf(rule, value);
        if (message !== undefined && (!message || ENGLISH.test(message)))
          english.push(`${name} ${JSON.stringify(value).slice(0, 20)}: ${message}`);
      }
    }
    expect(english).toEqual([]);
  });

  it("words a check the schema leaves open as the server does, with the field's title", async () => {
    expect(await messageOf(RULES['maps search'] as FormRule, 'x'.repeat(201))).toBe(
      'Pencarian maksimal 200 karakter.',
    );
    expect(await messageOf(RULES['maps search limit'] as FormRule, 'banyak')).toBe(
      'Jumlah hasil harus berupa angka.',
    );
    expect(await messageOf(zodRule(z.string().max(5)), 'abcdef')).toBe('Isian maksimal 5 karakter.');
    expect(await messageOf(zodRule(z.number()), 'abc')).toBe('Isian harus berupa angka.');
  });

  it("keeps the spec's own messages (§5)", async () => {
    expect(await messageOf(PROPOSAL_FORM_RULES.address, '  ')).toBe('Alamat tidak boleh kosong!');
    expect(await messageOf(RULES['village name'] as FormRule, '')).toBe('Nama Kelurahan tidak boleh kosong!');
  });
});
