import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { asbSurveyors, consultants, photoCategories, roadTypes, workNotes } from '../src/db/schema/index.ts';
import { SAMPLE_FEATURES, shapefileZip } from './completed-work-zips.ts';
import { buildPlace, buildWorkType } from './factories.ts';
import type { TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';

/**
 * One record of every kind a route's {id} can name, so calls with id 1 reach their validation instead of
 * stopping at a 404: each master, a proposal of the consultant's own district (verified by it, so its survey
 * is open) and a completed-work import. On a fresh test database each is the first of its table (id 1).
 */
export async function seedOneOfEach(
  t: TestApp,
  headers: { admin: Record<string, string>; consultan: Record<string, string> },
  consultantId: number,
) {
  const [consultant] = await t.db.select().from(consultants).where(eq(consultants.id, consultantId));
  const districtId = consultant?.districtId;
  if (!districtId) throw new Error('the consultant needs a district');
  await t.db.insert(roadTypes).values({ name: 'Jenis Uji' });
  await t.db.insert(photoCategories).values({ name: 'Kategori Uji' });
  await t.db.insert(asbSurveyors).values({ name: 'ASB Uji', price: 1000 });
  await t.db.insert(workNotes).values({ name: 'Catatan Uji' });
  const typeWork = await buildWorkType(t.db, { typeWork: 'Aspal' });
  const { roadId, villageId } = await buildPlace(t.db, { districtId });

  const proposal = await t.app.inject({
    method: 'POST',
    url: '/api-web/proposal',
    headers: headers.admin,
    payload: {
      proposalType: 'taruna',
      proposalDate: '2026-11-02',
      proposerName: 'Budi',
      phoneNumber: '081234567890',
      roadId,
      villageId,
      consultantId,
      address: 'Jl. Uji 1',
    },
  });
  expect(proposal.statusCode, proposal.body).toBeLessThan(300);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api-web/verification',
    headers: headers.consultan,
    payload: { proposalId: [1] },
  });
  expect(verified.statusCode, verified.body).toBe(200);

  const zip = await multipart(
    { year: 2024, type_work_id: typeWork.id },
    { file: [{ name: 'jalan.zip', content: await shapefileZip(SAMPLE_FEATURES), type: 'application/zip' }] },
  );
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api-web/completed-work',
    headers: { ...headers.admin, ...zip.headers },
    payload: zip.payload,
  });
  expect(imported.statusCode, imported.body).toBe(201);
}
