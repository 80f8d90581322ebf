import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROCESS_TYPES, PROPOSAL_TYPES } from '@eusulan/shared';
import { lineString, point } from '@turf/helpers';
import length from '@turf/length';
import pointToLineDistance from '@turf/point-to-line-distance';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { prepareDatabase } from '../bootstrap.ts';
import { type DatabaseHandle, openDatabase } from '../client.ts';
import {
  completedWorkImports,
  completedWorks,
  consultants,
  districts,
  type LineSegment,
  proposals,
  roads,
  subdistricts,
  surveyRoads,
  surveys,
  typeWorkColors,
  villages,
} from '../schema/index.ts';
import { DEMO_STREETS } from './demo-places.ts';

// The demo is what a first look at the product shows: proposals across the city in the kelurahan of their
// streets, every stage of their life, and completed works around them (not under them) on the map.

let handle: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  handle = await openDatabase({ dataDir: ':memory:' });
  dataDir = mkdtempSync(path.join(tmpdir(), 'eusulan-demo-spread-'));
  await prepareDatabase(handle, testConfig({ DEMO: '1', ADMIN_PASSWORD: 'Kantor2026', DATA_DIR: dataDir }));
});
afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function demoProposals() {
  return handle.db
    .select({
      id: proposals.id,
      proposalType: proposals.proposalType,
      statusType: proposals.statusType,
      processType: proposals.processType,
      road: roads.name,
      villageCode: villages.code,
      village: villages.name,
      subdistrict: subdistricts.name,
      district: districts.name,
      consultantType: consultants.consultantType,
      consultantDistrictId: consultants.districtId,
      villageDistrictId: subdistricts.districtId,
    })
    .from(proposals)
    .leftJoin(roads, eq(roads.id, proposals.roadId))
    .innerJoin(villages, eq(villages.id, proposals.villageId))
    .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
    .innerJoin(districts, eq(districts.id, subdistricts.districtId))
    .innerJoin(consultants, eq(consultants.id, proposals.consultantId));
}

const asLine = (segments: LineSegment[]) =>
  lineString([
    [segments[0]!.startLon, segments[0]!.startLat],
    ...segments.map((segment) => [segment.endLon, segment.endLat]),
  ]);

/** Points every ~10 m along a line (its vertices and the steps between), so a crossing is not missed. */
function pointsAlong(coordinates: number[][]) {
  return coordinates.slice(1).flatMap(([lon = 0, lat = 0], index) => {
    const [fromLon = 0, fromLat = 0] = coordinates[index]!;
    const steps = Math.max(
      1,
      Math.ceil(
        (length(
          lineString([
            [fromLon, fromLat],
            [lon, lat],
          ]),
        ) *
          1000) /
          10,
      ),
    );
    return Array.from({ length: steps + 1 }, (_, step) =>
      point([fromLon + ((lon - fromLon) * step) / steps, fromLat + ((lat - fromLat) * step) / steps]),
    );
  });
}

describe('the demo set', () => {
  it('spreads proposals over kelurahan of every city region, each in the kelurahan of its road', async () => {
    const rows = await demoProposals();
    expect(new Set(rows.map((row) => row.villageCode)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((row) => row.subdistrict)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((row) => row.district))).toEqual(
      new Set(['Surabaya Pusat', 'Surabaya Utara', 'Surabaya Timur', 'Surabaya Selatan', 'Surabaya Barat']),
    );
    const streetVillage = new Map(DEMO_STREETS.map((street) => [street.road, street.villageCode]));
    for (const row of rows.filter((item) => item.road)) {
      expect(row.villageCode, `${row.road} in ${row.village}`).toBe(streetVillage.get(row.road!));
    }
    // The Rayon (internal) consultant is given only its own region's proposals, the external one the rest.
    for (const row of rows) {
      if (row.consultantType === 'internal') expect(row.villageDistrictId).toBe(row.consultantDistrictId);
      else expect(row.district).not.toBe('Surabaya Pusat');
    }
  });

  it('has every stage on every proposal-type tab and every process type', async () => {
    const rows = await demoProposals();
    for (const type of PROPOSAL_TYPES) {
      const ofType = rows.filter((row) => row.proposalType === type);
      expect(
        ofType.some((row) => row.statusType === 'unverified'),
        type,
      ).toBe(true);
      expect(
        ofType.some((row) => ['surveyed', 'finished'].includes(row.statusType)),
        type,
      ).toBe(true);
    }
    expect(new Set(rows.map((row) => row.statusType))).toEqual(
      new Set(['unverified', 'verified', 'surveyed', 'finished']),
    );
    expect(new Set(rows.map((row) => row.processType).filter(Boolean))).toEqual(new Set(PROCESS_TYPES));
    // Verified ones both waiting for a survey and with a survey saved as a draft.
    const drafts = await handle.db
      .select({ proposalId: surveys.proposalId })
      .from(surveys)
      .where(eq(surveys.isDraft, true));
    const verified = rows.filter((row) => row.statusType === 'verified').map((row) => row.id);
    const draftIds = new Set(drafts.map((row) => row.proposalId));
    expect(verified.some((id) => draftIds.has(id))).toBe(true);
    expect(verified.some((id) => !draftIds.has(id))).toBe(true);
  });

  it('places completed works of several types and years around the surveyed lines, never on them', async () => {
    const imports = await handle.db
      .select({ year: completedWorkImports.year, typeWork: typeWorkColors.typeWork })
      .from(completedWorkImports)
      .innerJoin(typeWorkColors, eq(typeWorkColors.id, completedWorkImports.typeWorkColorId));
    expect(new Set(imports.map((row) => row.year)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(imports.map((row) => row.typeWork)).size).toBeGreaterThanOrEqual(4);

    const surveyed = await handle.db.select({ drawLine: surveyRoads.drawLine }).from(surveyRoads);
    const proposalLines = surveyed.map((row) => asLine(row.drawLine));
    expect(proposalLines.length).toBeGreaterThanOrEqual(8);
    const works = await handle.db
      .select({ location: completedWorks.location, coordinates: completedWorks.coordinates })
      .from(completedWorks);
    expect(works.length).toBeGreaterThanOrEqual(12);
    for (const work of works) {
      for (const part of work.coordinates) {
        const samples = pointsAlong(part.map(([lat, lon]) => [lon, lat]));
        const nearest = Math.min(
          ...proposalLines.flatMap((line) =>
            samples.map((sample) => pointToLineDistance(sample, line, { units: 'meters' })),
          ),
        );
        expect(nearest, `${work.location} clear of every surveyed line`).toBeGreaterThan(50);
        expect(nearest, `${work.location} near a surveyed line`).toBeLessThan(1_500);
      }
    }
  });
});
