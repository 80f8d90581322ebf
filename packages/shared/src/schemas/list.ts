import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../limits.ts';
import { z } from './zod.ts';

const LIST_MESSAGES = {
  page: 'Halaman harus berupa angka 1 atau lebih.',
  limit: `Jumlah data per halaman harus antara 1 dan ${MAX_PAGE_SIZE}.`,
  orderBy: 'Urutan harus asc atau desc.',
} as const;

/** The 422 text of a sort key outside a list's whitelist, naming the keys it takes. */
export const unknownSortMessage = (keys: readonly string[]) =>
  `Kolom urutan tidak dikenal. Pilihan: ${keys.join(', ')}.`;

/** Query of every paged list (spec §7): page, limit, search, sort_by, order_by; defaults of spec §9. */
export const ZListQuery = z.object({
  page: z.coerce
    .number({ error: LIST_MESSAGES.page })
    .int({ error: LIST_MESSAGES.page })
    .min(1, { error: LIST_MESSAGES.page })
    .default(1),
  limit: z.coerce
    .number({ error: LIST_MESSAGES.limit })
    .int({ error: LIST_MESSAGES.limit })
    .min(1, { error: LIST_MESSAGES.limit })
    .max(MAX_PAGE_SIZE, { error: LIST_MESSAGES.limit })
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).meta({ title: 'Pencarian' }).optional().default(''),
  sort_by: z.string().trim().meta({ title: 'Kolom urutan' }).optional(),
  order_by: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['asc', 'desc'], { error: LIST_MESSAGES.orderBy }))
    .optional(),
});
export type TListQuery = z.output<typeof ZListQuery>;
