import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PROPOSAL_TYPES } from '@eusulan/shared';
import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../lib/passwords.ts';
import { sourceFile } from '../../server-files.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { Db } from '../client.ts';
import {
  asbSurveyors,
  consultants,
  districts,
  photoCategories,
  proposalFiles,
  proposals,
  roads,
  roadTypes,
  roles,
  subdistricts,
  typeWorkColors,
  users,
  villages,
  workNotes,
} from '../schema/index.ts';
import { seedDemoCompletedWorks } from './demo-completed-works.ts';
import { demoProposalLetter, demoRoadPhoto, storeDemoFile } from './demo-files.ts';
import { DEMO_STREETS, type DemoStreet, OTHER_STREETS, PUSAT_STREETS } from './demo-places.ts';
import { seedDemoSurveys } from './demo-surveys.ts';

const WILAYAH_CSV = sourceFile('db/seed/data/surabaya-wilayah.csv');

interface WilayahRow {
  villageCode: string;
  village: string;
  subdistrictCode: string;
  subdistrict: string;
  district: string;
}

/** Surabaya's 31 kecamatan and 153 kelurahan with official codes, grouped into the five city regions. */
export function readSurabayaWilayah(): WilayahRow[] {
  const [, ...lines] = readFileSync(WILAYAH_CSV, 'utf8').trim().split(/\r?\n/);
  return lines.map((line) => {
    const [villageCode = '', village = '', subdistrictCode = '', subdistrict = '', district = ''] =
      line.split(',');
    return { villageCode, village, subdistrictCode, subdistrict, district };
  });
}

const DEMO_ROAD_TYPES = ['Pengaspalan', 'Paving', 'Betonisasi', 'Perbaikan Saluran', 'Pemeliharaan Berkala'];
const DEMO_PHOTO_CATEGORIES = ['Kondisi Eksisting', 'Perkerasan Jalan', 'Saluran', 'Dokumentasi Lainnya'];
const DEMO_ASB = [
  { name: 'Pekerjaan Aspal Hotmix AC-WC tebal 4 cm (m2)', price: 185_000 },
  { name: 'Paving Stone K-300 tebal 8 cm (m2)', price: 165_000 },
  { name: 'Beton K-350 tebal 20 cm (m2)', price: 450_000 },
  { name: 'Pembersihan Saluran (m2)', price: 35_000 },
];
const DEMO_COLORS = [
  // Not red: the map draws proposals in red, and a red work type would hide them and be hidden by them.
  { typeWork: 'Pengaspalan', color: '#8e24aa' },
  { typeWork: 'Paving', color: '#fb8c00' },
  { typeWork: 'Betonisasi', color: '#1e88e5' },
  { typeWork: 'Perbaikan Saluran', color: '#43a047' },
];
const DEMO_WORK_NOTES = [
  { name: 'Perlu pengukuran ulang', description: 'Panjang dan lebar perlu diukur ulang saat pelaksanaan.' },
  { name: 'Koordinasi dengan PDAM', description: 'Terdapat jaringan pipa air bersih di bawah badan jalan.' },
];

/** Inserts the rows whose name is not in the table yet, so the seed can run again safely. */
async function insertMissingByName<TTable extends PgTable & { name: PgColumn }>(
  db: Db,
  table: TTable,
  rows: (TTable['$inferInsert'] & { name: string })[],
) {
  const names = rows.map((row) => row.name);
  const existing = await db
    .select({ name: table.name })
    .from(table as PgTable)
    .where(inArray(table.name, names));
  const taken = new Set(existing.map((row) => row.name as string));
  const missing = rows.filter((row) => !taken.has(row.name));
  if (missing.length) await db.insert(table).values(missing as never);
}

async function idsByName(db: Db, table: PgTable & { id: PgColumn; name: PgColumn }) {
  const rows = await db.select({ id: table.id, name: table.name }).from(table as PgTable);
  return new Map(rows.map((row) => [row.name as string, row.id as number]));
}

async function seedWilayah(db: Db) {
  const rows = readSurabayaWilayah();
  await insertMissingByName(
    db,
    districts,
    [...new Set(rows.map((row) => row.district))].map((name) => ({ name })),
  );
  const districtIds = await idsByName(db, districts);
  const subdistrictRows = [...new Map(rows.map((row) => [row.subdistrictCode, row])).values()];
  await db
    .insert(subdistricts)
    .values(
      subdistrictRows.map((row) => ({
        code: row.subdistrictCode,
        name: row.subdistrict,
        districtId: districtIds.get(row.district) as number,
      })),
    )
    .onConflictDoNothing({ target: subdistricts.code });
  const subdistrictIds = new Map(
    (await db.select({ id: subdistricts.id, code: subdistricts.code }).from(subdistricts)).map((row) => [
      row.code,
      row.id,
    ]),
  );
  await db
    .insert(villages)
    .values(
      rows.map((row) => ({
        code: row.villageCode,
        name: row.village,
        subdistrictId: subdistrictIds.get(row.subdistrictCode) as number,
      })),
    )
    .onConflictDoNothing({ target: villages.code });
  return districtIds;
}

async function ensureDemoUser(
  db: Db,
  user: { username: string; name: string; role: string; consultantId?: number; passwordHash: string },
) {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.slug, user.role));
  if (!role) throw new Error(`role ${user.role} belum ada`);
  await db
    .insert(users)
    .values({
      username: user.username,
      name: user.name,
      roleId: role.id,
      consultantId: user.consultantId,
      passwordHash: user.passwordHash,
    })
    .onConflictDoNothing();
}

/** A small, realistic Surabaya data set with one user per role; running it again changes nothing. */
export async function seedDemo(db: Db, password: string, storage: FileStorage) {
  await db.transaction(async (tx) => {
    const districtIds = await seedWilayah(tx);
    await insertMissingByName(
      tx,
      roads,
      DEMO_STREETS.map((street) => ({ name: street.road })),
    );
    await insertMissingByName(
      tx,
      roadTypes,
      DEMO_ROAD_TYPES.map((name) => ({ name })),
    );
    await insertMissingByName(
      tx,
      photoCategories,
      DEMO_PHOTO_CATEGORIES.map((name) => ({ name })),
    );
    await insertMissingByName(tx, asbSurveyors, DEMO_ASB);
    await insertMissingByName(tx, workNotes, DEMO_WORK_NOTES);
    const colorsExisting = await tx.select({ typeWork: typeWorkColors.typeWork }).from(typeWorkColors);
    const colorTaken = new Set(colorsExisting.map((row) => row.typeWork));
    const colorsMissing = DEMO_COLORS.filter((row) => !colorTaken.has(row.typeWork));
    if (colorsMissing.length) await tx.insert(typeWorkColors).values(colorsMissing);
    await seedDemoCompletedWorks(tx, storage);

    await tx
      .insert(consultants)
      .values([
        {
          code: 'RYN-PST',
          name: 'Rayon Surabaya Pusat',
          consultantType: 'internal',
          districtId: districtIds.get('Surabaya Pusat'),
        },
        { code: 'CV-CKM', name: 'CV Cipta Karya Mandiri', consultantType: 'external' },
      ])
      .onConflictDoNothing({ target: consultants.code });
    const consultantIds = new Map(
      (await tx.select({ id: consultants.id, code: consultants.code }).from(consultants)).map((row) => [
        row.code,
        row.id,
      ]),
    );

    const passwordHash = await hashPassword(password);
    const internalId = consultantIds.get('RYN-PST') as number;
    await ensureDemoUser(tx, {
      username: 'konsultan1',
      name: 'Rayon Surabaya Pusat',
      role: 'consultan',
      consultantId: internalId,
      passwordHash,
    });
    await ensureDemoUser(tx, {
      username: 'konsultan2',
      name: 'CV Cipta Karya Mandiri',
      role: 'consultan',
      consultantId: consultantIds.get('CV-CKM'),
      passwordHash,
    });
    await ensureDemoUser(tx, {
      username: 'struktural1',
      name: 'Ir. Bambang Sutrisno',
      role: 'structural',
      passwordHash,
    });
    await ensureDemoUser(tx, { username: 'umum1', name: 'Siti Rahmawati', role: 'umum', passwordHash });

    const [anyProposal] = await tx.select({ id: proposals.id }).from(proposals).limit(1);
    if (anyProposal) return;
    const refs = {
      roadIds: await idsByName(tx, roads),
      villageIds: new Map(
        (await tx.select({ id: villages.id, code: villages.code }).from(villages)).map(
          (row): [string, number] => [row.code ?? '', row.id],
        ),
      ),
      consultantIds: [internalId, consultantIds.get('CV-CKM') as number],
    };
    await seedDemoProposals(tx, storage, refs);
    await seedDemoSurveys(tx, storage, refs);
  });
}

const FIRST_NAMES = [
  'Agus',
  'Dewi',
  'Budi',
  'Siti',
  'Eko',
  'Rina',
  'Hadi',
  'Nur',
  'Joko',
  'Lestari',
  'Bambang',
  'Wulan',
];
const LAST_NAMES = ['Santoso', 'Lestari', 'Wijaya', 'Rahayu', 'Prasetyo', 'Hidayat', 'Kusuma', 'Purnomo'];
const PROBLEMS = [
  'jalan berlubang sepanjang 50 meter',
  'aspal mengelupas di depan sekolah',
  'genangan air saat hujan, saluran tersumbat',
  'paving rusak dan ambles',
  'retak memanjang di tengah jalan',
  'bahu jalan longsor dekat jembatan',
];

/**
 * A few dozen unverified proposals of all four types for the demo, each with a letter (PDF) and some with a
 * photo (PNG), on the demo's streets in the kelurahan each street runs through (demo-places.ts): two in
 * three in the Surabaya Pusat rayon (konsultan1's), the rest elsewhere for the external consultant. Some
 * share a place so the history count shows, and a few are from the last two days so verification
 * pre-checks them.
 */
async function seedDemoProposals(
  tx: Db,
  storage: FileStorage,
  refs: { roadIds: Map<string, number>; villageIds: Map<string, number>; consultantIds: number[] },
) {
  const isPusatPlace = (n: number) => n % 3 !== 2;
  // The how-manyth new place of its region a proposal is: the region's streets are used in turn.
  const placeOrdinal = (placeIndex: number) =>
    Array.from({ length: placeIndex }, (_, q) => q).filter(
      (q) => q % 5 !== 4 && isPusatPlace(q) === isPusatPlace(placeIndex),
    ).length;
  const today = new Date();
  const rows = Array.from({ length: 32 }, (_, n) => {
    const type = PROPOSAL_TYPES[n % PROPOSAL_TYPES.length]!;
    // Every fifth proposal repeats the place of the one before it: a place with history.
    const placeIndex = n % 5 === 4 ? n - 1 : n;
    const streets = isPusatPlace(placeIndex) ? PUSAT_STREETS : OTHER_STREETS;
    const street: DemoStreet = streets[placeOrdinal(placeIndex) % streets.length]!;
    const villageId = refs.villageIds.get(street.villageCode);
    if (!villageId) throw new Error(`kelurahan ${street.villageCode} belum ada`);
    // Some proposals name only the kelurahan: the proposer did not give the road.
    const hasRoad = placeIndex % 6 !== 5;
    const daysAgo = n < 4 ? n % 2 : 3 + n * 9;
    const date = new Date(today.getTime() - daysAgo * 86_400_000);
    const proposer = `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[(n * 3) % LAST_NAMES.length]}`;
    return {
      values: {
        proposalType: type,
        proposalDate: date.toISOString().slice(0, 10),
        proposerName: proposer,
        phoneNumber: `0812${String(34_567_800 + n).padStart(8, '0')}`,
        roadId: hasRoad ? refs.roadIds.get(street.road)! : null,
        villageId,
        rtNumber: hasRoad ? String((placeIndex % 9) + 1).padStart(2, '0') : null,
        rwNumber: hasRoad ? String((placeIndex % 4) + 1).padStart(2, '0') : null,
        address: `${hasRoad ? street.road : 'Gang kampung'}, ${PROBLEMS[n % PROBLEMS.length]}`,
        consultantId: refs.consultantIds[isPusatPlace(placeIndex) ? 0 : 1]!,
        createdAt: date,
      },
      proposer,
      withPhoto: n % 2 === 0,
    };
  });
  const inserted = await tx
    .insert(proposals)
    .values(rows.map((row) => row.values))
    .returning({ id: proposals.id });
  for (const [index, { id }] of inserted.entries()) {
    const row = rows[index]!;
    const files = [
      {
        name: `Surat Usulan ${row.proposer}.pdf`,
        ext: 'pdf',
        mimeType: 'application/pdf',
        content: demoProposalLetter([
          'Surat Usulan Perbaikan Jalan',
          `Pengusul: ${row.proposer}`,
          `Tanggal: ${row.values.proposalDate}`,
          `Lokasi: ${row.values.address}`,
        ]),
      },
      ...(row.withPhoto
        ? [
            {
              name: 'Foto Kondisi Jalan.png',
              ext: 'png',
              mimeType: 'image/png',
              content: demoRoadPhoto(index),
            },
          ]
        : []),
    ];
    for (const file of files) {
      const key = `proposals/${id}/${randomUUID()}.${file.ext}`;
      await storeDemoFile(storage, key, file.content);
      await tx.insert(proposalFiles).values({
        proposalId: id,
        kind: 'proposal',
        name: file.name,
        ext: file.ext,
        mimeType: file.mimeType,
        size: file.content.length,
        storageKey: key,
      });
    }
  }
}
