import { describe, expect, it } from 'vitest';
import { z } from 'zod';
// Through the package's index, as the server and the web import it; its schemas install the map.
import {
  MASTER_MESSAGES,
  ZDashboardSearchQuery,
  ZListQuery,
  ZRoad,
  ZSurveyDraft,
  ZUserUpdate,
} from './index.ts';

/** Words of zod's English texts (and of its `id` locale, which keeps them); none may reach a user. */
const ENGLISH =
  /\b(expected|required|invalid|must|too big|too small|string|number|received|unrecognized|should|instanceof|input)\b/i;

const messagesOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('the Indonesian zod messages', () => {
  it('word every kind of issue in Indonesian, naming the field by its title', () => {
    const search = z.string().max(200).meta({ title: 'Pencarian' });
    const cases: [z.ZodType, unknown, string][] = [
      [search, 'x'.repeat(201), 'Pencarian maksimal 200 karakter.'],
      [search, 12, 'Pencarian harus berupa teks.'],
      [search, undefined, 'Pencarian wajib diisi.'],
      [z.string().max(200), 'x'.repeat(201), 'Isian maksimal 200 karakter.'],
      [z.string().min(1), '', 'Isian wajib diisi.'],
      [z.string().min(3), 'ab', 'Isian minimal 3 karakter.'],
      [z.number(), 'abc', 'Isian harus berupa angka.'],
      [z.coerce.number(), 'NaN', 'Isian harus berupa angka.'],
      [z.number().int(), 1.5, 'Isian harus berupa bilangan bulat.'],
      [z.number().max(2_147_483_647), 1e308, 'Isian paling besar 2.147.483.647.'],
      [z.number().min(0), -1, 'Isian paling kecil 0.'],
      [z.number().positive(), 0, 'Isian harus lebih dari 0.'],
      [z.number().lt(10), 10, 'Isian harus kurang dari 10.'],
      [z.number().multipleOf(5), 7, 'Isian harus kelipatan 5.'],
      [z.boolean(), 'ya', 'Isian harus berupa pilihan ya atau tidak.'],
      [z.array(z.string()).meta({ title: 'Jenis pekerjaan' }), 'x', 'Jenis pekerjaan harus berupa daftar.'],
      [z.array(z.string()).max(2), ['a', 'b', 'c'], 'Isian maksimal 2 butir.'],
      [z.array(z.string()).min(1), [], 'Isian minimal berisi 1 butir.'],
      [z.object({}), null, 'Format isian tidak valid.'],
      [z.object({}).strict(), { extra: 1 }, 'Ada isian yang tidak dikenal.'],
      [z.enum(['asc', 'desc']), 'up', 'Isian harus asc atau desc.'],
      [z.literal('x'), 'y', 'Isian harus x.'],
      [z.string().email(), 'a@', 'Isian harus berupa alamat email yang benar.'],
      [z.string().regex(/^\d+$/), 'a', 'Format isian tidak sesuai.'],
      [z.iso.date(), '2026-02-30', 'Isian harus berupa tanggal yang benar.'],
      [z.union([z.string(), z.number()]), null, 'Isian tidak valid.'],
      [z.record(z.string().regex(/^a/), z.string()), { b: 'x' }, 'Isian berisi nilai yang tidak valid.'],
      [z.string().refine(() => false), 'x', 'Isian tidak valid.'],
    ];
    for (const [schema, value, message] of cases) expect(messagesOf(schema, value)).toEqual([message]);
  });

  it('leave the messages a schema words itself as they are (spec §5)', () => {
    expect(messagesOf(ZRoad, { name: '  ' })).toEqual([MASTER_MESSAGES.roadName]);
    expect(messagesOf(ZRoad, { name: 5 })).toEqual([MASTER_MESSAGES.roadName]);
    expect(messagesOf(ZListQuery, { page: 'abc' })).toEqual(['Halaman harus berupa angka 1 atau lebih.']);
  });

  it("answer the maps dialog's over-long search, the lists' search and a user's name in the user's words", () => {
    expect(messagesOf(ZDashboardSearchQuery, { search: 'x'.repeat(201) })).toEqual([
      'Pencarian maksimal 200 karakter.',
    ]);
    expect(messagesOf(ZDashboardSearchQuery, { search: 'jalan', limit: 'banyak' })).toEqual([
      'Jumlah hasil harus berupa angka.',
    ]);
    expect(messagesOf(ZListQuery, { search: 'x'.repeat(201) })).toEqual(['Pencarian maksimal 200 karakter.']);
    expect(messagesOf(ZUserUpdate, { roleId: 1, username: 'budi', name: ['a'] })).toEqual([
      'Nama harus berupa teks.',
    ]);
  });

  it('never answers in English, whatever type a shared contract is sent', () => {
    const wrongValues = [
      'x'.repeat(300_000),
      12345,
      -1,
      1e308,
      Number.NaN,
      [1, 'a'],
      { a: 1 },
      null,
      true,
      'NaN',
    ];
    const contracts = [ZListQuery, ZDashboardSearchQuery, ZUserUpdate, ZSurveyDraft, ZRoad];
    const english: string[] = [];
    for (const schema of contracts) {
      const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      for (const value of wrongValues) {
        const body = Object.fromEntries(Object.keys(shape).map((key) => [key, value]));
        for (const message of [...messagesOf(schema, body), ...messagesOf(schema, value)])
          if (ENGLISH.test(message)) english.push(message);
      }
    }
    expect(english).toEqual([]);
  });
});
