import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsultant, buildPlace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { proposalRowsVersion } from '../modules/proposal/proposal-rows.queries.ts';
import { consultants, districts, proposals, roads, subdistricts, villages } from './schema/index.ts';

// Migration 0018: the map's proposal layer (its ETag and cached body) is keyed by the version of what a
// proposal row shows; it must move with every committed change of it, once per transaction, and with nothing
// else.
let t: TestApp;
let place: { villageId: number; consultantId: number; roadId: number; subdistrictId: number };

beforeAll(async () => {
  t = await createTestApp();
  const built = await buildPlace(t.db, {
    district: 'Surabaya Utara',
    subdistrict: 'Krembangan',
    village: 'Dupak',
    road: 'Jalan Dupak',
  });
  const consultant = await buildConsultant(t.db, {
    code: 'RYN-U',
    name: 'Rayon Utara',
    districtId: built.districtId,
  });
  place = { ...built, consultantId: consultant.id };
});
afterAll(async () => {
  await t.close();
});

const proposalRows = (count: number) =>
  Array.from({ length: count }, (_, n) => ({
    proposalType: 'taruna' as const,
    proposalDate: '2026-05-01',
    proposerName: `Warga ${n}`,
    phoneNumber: '0812000',
    villageId: place.villageId,
    roadId: place.roadId,
    address: 'Jl. Dupak',
    consultantId: place.consultantId,
  }));

describe('the version of proposal rows', () => {
  it('moves by one per committed transaction, however many rows it wrote', async () => {
    const start = await proposalRowsVersion(t.db);
    await t.db.insert(proposals).values(proposalRows(500));
    expect(await proposalRowsVersion(t.db)).toBe(start + 1);
    await t.db.transaction(async (tx) => {
      await tx.insert(proposals).values(proposalRows(3));
      await tx.update(proposals).set({ address: 'Jl. Dupak Masigit' }).where(sql`true`);
      await tx.delete(proposals).where(sql`${proposals.proposerName} = 'Warga 0'`);
    });
    expect(await proposalRowsVersion(t.db)).toBe(start + 2);
  });

  it('stays when a transaction rolls back, and is not seen by others before the commit', async () => {
    const start = await proposalRowsVersion(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(proposals).values(proposalRows(1));
        throw new Error('dibatalkan');
      }),
    ).rejects.toThrow('dibatalkan');
    expect(await proposalRowsVersion(t.db)).toBe(start);
    await t.db.transaction(async (tx) => {
      await tx.insert(proposals).values(proposalRows(1));
      // Inside the writing transaction the bump has not happened yet: it runs at commit.
      expect(await proposalRowsVersion(tx)).toBe(start);
    });
    expect(await proposalRowsVersion(t.db)).toBe(start + 1);
  });

  it('moves with the names a row shows (road, kelurahan, kecamatan, consultant) and not with other masters', async () => {
    let version = await proposalRowsVersion(t.db);
    const changes = [
      () => t.db.update(roads).set({ name: 'Jalan Dupak Baru' }).where(sql`${roads.id} = ${place.roadId}`),
      () => t.db.update(villages).set({ name: 'Dupak Baru' }).where(sql`${villages.id} = ${place.villageId}`),
      () =>
        t.db
          .update(subdistricts)
          .set({ name: 'Krembangan Baru' })
          .where(sql`${subdistricts.id} = ${place.subdistrictId}`),
      () =>
        t.db
          .update(consultants)
          .set({ name: 'Rayon Utara Baru' })
          .where(sql`${consultants.id} = ${place.consultantId}`),
    ];
    for (const change of changes) {
      await change();
      const next = await proposalRowsVersion(t.db);
      expect(next).toBe(version + 1);
      version = next;
    }
    await t.db.insert(districts).values({ name: 'Wilayah Lain' });
    expect(await proposalRowsVersion(t.db)).toBe(version);
  });
});
