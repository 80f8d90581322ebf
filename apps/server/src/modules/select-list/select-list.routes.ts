import { CONSULTANT_TYPE_NAMES, MAX_PAGE_SIZE, recordId, SELECT_SEARCH_LIMIT } from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../lib/envelope.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import * as queries from './select-list.queries.ts';

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'Harus 0 atau 1.' })
  .optional()
  .transform((value) => value === '1' || value === 'true');
const optionalId = recordId('Harus berupa id.').optional();

const ZSelectQuery = z.object({
  search: z.string().trim().max(200).meta({ title: 'Pencarian' }).optional().default(''),
  limit: z.coerce
    .number({ error: `Limit harus antara 1 dan ${MAX_PAGE_SIZE}.` })
    .int()
    .min(1, { error: `Limit harus antara 1 dan ${MAX_PAGE_SIZE}.` })
    .max(MAX_PAGE_SIZE, { error: `Limit harus antara 1 dan ${MAX_PAGE_SIZE}.` })
    .default(SELECT_SEARCH_LIMIT),
  hasUser: z.enum(['0', '1'], { error: 'Harus 0 atau 1.' }).optional(),
  userId: optionalId,
  orderInternal: flag,
  villageId: optionalId,
});

/** The select lists of spec §7 (global prefix, any signed-in user): active records only. */
export async function selectListRoutes(app: FastifyInstance) {
  const signedIn = requireAuth();
  const { db } = app.ctx;
  const simple: Record<string, (q: queries.SelectQuery) => Promise<unknown[]>> = {
    district: (q) => queries.districtOptions(db, q),
    subdistrict: (q) => queries.subdistrictOptions(db, q),
    role: (q) => queries.roleOptions(db, q),
    road: (q) => queries.roadOptions(db, q),
    village: (q) => queries.villageOptions(db, q),
    'type-works': (q) => queries.typeWorkOptions(db, q),
    'type-work-color': async (q) =>
      (await queries.typeWorkColorOptions(db, q)).map((row) => ({ ...row, idHash: String(row.id) })),
    'year-proposal': (q) => queries.proposalYearOptions(db, q),
    'year-completed-work': (q) => queries.completedWorkYearOptions(db, q),
    location: (q) => queries.locationOptions(db, q),
    'photo-category': (q) => queries.photoCategoryOptions(db, q),
    'work-note': (q) => queries.workNoteOptions(db, q),
  };
  for (const [name, load] of Object.entries(simple)) {
    app.get(`/api/select-list/${name}`, { preHandler: signedIn }, async (request) => {
      const { search, limit } = parseInput(ZSelectQuery, request.query);
      return envelope(await load({ search, limit }));
    });
  }

  // Spec §6: umum sees no nominal values, so the unit price is null for it (as in the survey answers).
  app.get('/api/select-list/asb-surveyor', { preHandler: signedIn }, async (request) => {
    const { search, limit } = parseInput(ZSelectQuery, request.query);
    const showPrice = authOf(request).role !== 'umum';
    const rows = await queries.asbSurveyorOptions(db, { search, limit });
    return envelope(rows.map((row) => ({ ...row, price: showPrice ? row.price : null })));
  });

  app.get('/api/select-list/consultant', { preHandler: signedIn }, async (request) => {
    const input = parseInput(ZSelectQuery, request.query);
    const rows = await queries.consultantOptions(
      db,
      { search: input.search, limit: input.limit },
      {
        withoutUser: input.hasUser === '0',
        userId: input.userId,
        internalFirst: input.orderInternal,
        villageId: input.villageId,
      },
    );
    return envelope(
      rows.map((row) => ({ ...row, consultantTypeName: CONSULTANT_TYPE_NAMES[row.consultantType] })),
    );
  });
}
