import { randomUUID } from 'node:crypto';
import { PROPOSAL_TYPES, type TProcessType } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import { encodeSegments } from '../../lib/map-lines.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { Db } from '../client.ts';
import {
  asbSurveyors,
  photoCategories,
  proposalFiles,
  proposals,
  roadTypes,
  surveyPhotos,
  surveyRoadAsbItems,
  surveyRoads,
  surveyRoadTypes,
  surveys,
  users,
  villages,
} from '../schema/index.ts';
import { demoProposalLetter, demoRoadPhoto, storeDemoFile } from './demo-files.ts';

/** Approximate centre lines of real Surabaya streets (WGS84), start and end. */
const STREET_LINES: Record<string, [number, number, number, number]> = {
  'Jalan Tunjungan': [-7.2575, 112.7381, -7.2628, 112.7395],
  'Jalan Raya Darmo': [-7.287, 112.7385, -7.2965, 112.737],
  'Jalan Ahmad Yani': [-7.32, 112.7305, -7.335, 112.729],
  'Jalan Mayjen Sungkono': [-7.293, 112.718, -7.29, 112.705],
  'Jalan Kertajaya Indah': [-7.28, 112.78, -7.2795, 112.79],
  'Jalan Rungkut Industri': [-7.33, 112.755, -7.332, 112.765],
  'Jalan Kenjeran': [-7.245, 112.76, -7.242, 112.775],
  'Jalan Diponegoro': [-7.278, 112.729, -7.29, 112.732],
};

/** A street line cut into a few segments, as a consultant draws it on the map. */
function segmentsOf([startLat, startLon, endLat, endLon]: [number, number, number, number], pieces = 3) {
  const at = (n: number) => ({
    lat: Number((startLat + ((endLat - startLat) * n) / pieces).toFixed(6)),
    lon: Number((startLon + ((endLon - startLon) * n) / pieces).toFixed(6)),
  });
  return Array.from({ length: pieces }, (_, n) => ({
    startLat: at(n).lat,
    startLon: at(n).lon,
    endLat: at(n + 1).lat,
    endLon: at(n + 1).lon,
  }));
}

const CONDITIONS = [
  ['Aspal retak buaya dan berlubang', 'Ada, di kedua sisi', 'Sedimentasi tinggi, aliran tersumbat'],
  ['Paving ambles dan bergelombang', 'Ada, sisi kiri', 'Cukup baik'],
  ['Permukaan aus, agregat lepas', 'Tidak ada', '-'],
] as const;

/** The structural decision already taken on some surveyed streets, one of each process type (by index). */
const DECISIONS: Record<number, TProcessType> = { 2: 'project', 3: 'self_management', 4: 'pending' };

/**
 * Proposals further along for the demo: verified ones waiting for a survey and surveyed ones with
 * submitted surveys (lines on real streets, ASB items at the master's prices, a generated photo), some
 * surveyed twice so the history selector has entries; three of them already decided by struktural1 (one
 * per process type, with a signed note and a photo as structural documents), the rest awaiting approval.
 */
export async function seedDemoSurveys(
  tx: Db,
  storage: FileStorage,
  refs: { roadIds: Map<string, number>; consultantIds: number[] },
) {
  const [village] = await tx
    .select({ id: villages.id })
    .from(villages)
    .where(eq(villages.code, '35.78.07.1001'));
  const asb = await tx.select().from(asbSurveyors).orderBy(asbSurveyors.id);
  const types = await tx.select().from(roadTypes).orderBy(roadTypes.id);
  const [category] = await tx.select().from(photoCategories).orderBy(photoCategories.id).limit(1);
  const [official] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'struktural1'));
  if (!village || asb.length < 2 || !types.length) return;
  const streets = Object.keys(STREET_LINES).filter((name) => refs.roadIds.has(name));
  const today = Date.now();

  for (const [n, street] of streets.entries()) {
    const surveyed = n >= 2;
    const decision = DECISIONS[n];
    const consultantId = refs.consultantIds[n % 2]!;
    const [proposal] = await tx
      .insert(proposals)
      .values({
        proposalType: PROPOSAL_TYPES[n % PROPOSAL_TYPES.length]!,
        proposalDate: new Date(today - (40 + n * 6) * 86_400_000).toISOString().slice(0, 10),
        proposerName: ['Slamet Riyadi', 'Endang Wahyuni', 'Hendra Gunawan', 'Yuliana Sari'][n % 4]!,
        phoneNumber: `0813${String(55_500_100 + n).padStart(8, '0')}`,
        roadId: refs.roadIds.get(street)!,
        villageId: village.id,
        rtNumber: String((n % 7) + 1).padStart(2, '0'),
        rwNumber: String((n % 3) + 1).padStart(2, '0'),
        address: `${street}, kerusakan di beberapa titik`,
        consultantId,
        statusType: decision ? 'finished' : surveyed ? 'surveyed' : 'verified',
        processType: decision ?? null,
        verifiedAt: new Date(today - (30 + n) * 86_400_000),
        approvedAt: decision ? new Date(today - (5 + n) * 86_400_000) : null,
        approvedById: decision ? (official?.id ?? null) : null,
      })
      .returning({ id: proposals.id });
    if (decision) await storeStructuralDocuments(tx, storage, proposal!.id, street, n);
    if (!surveyed) continue;
    // The last two streets were surveyed twice: an older survey, then a newer one.
    const rounds = n >= streets.length - 2 ? 2 : 1;
    for (let round = 0; round < rounds; round++) {
      const submittedAt = new Date(today - (20 - round * 10 + n) * 86_400_000);
      const [condition, canal, canalCondition] = CONDITIONS[(n + round) % CONDITIONS.length]!;
      const [survey] = await tx
        .insert(surveys)
        .values({
          proposalId: proposal!.id,
          consultantId,
          isDraft: false,
          roadCondition: condition,
          canalExisting: canal,
          canalCondition,
          damageIdentification: `<p>${condition} sepanjang kurang lebih ${60 + n * 15} meter.</p>`,
          suggestion: '<p>Dilakukan <strong>pengaspalan ulang</strong> dan normalisasi saluran.</p>',
          submittedAt,
          createdAt: submittedAt,
        })
        .returning({ id: surveys.id });
      await tx
        .insert(surveyRoadTypes)
        .values({ surveyId: survey!.id, roadTypeId: types[(n + round) % types.length]!.id });
      const drawLine = segmentsOf(STREET_LINES[street]!);
      const [road] = await tx
        .insert(surveyRoads)
        .values({ surveyId: survey!.id, drawLine, encodedPaths: encodeSegments(drawLine) })
        .returning({ id: surveyRoads.id });
      const items = [asb[n % asb.length]!, asb[(n + 1) % asb.length]!];
      await tx.insert(surveyRoadAsbItems).values(
        items.map((item, index) => ({
          surveyRoadId: road!.id,
          asbSurveyorId: item.id,
          name: item.name,
          unitPrice: item.price,
          long: String(60 + n * 15 - index * 40),
          wide: index === 0 ? '6' : '1.5',
        })),
      );
      const key = `surveys/${survey!.id}/${randomUUID()}.png`;
      const photo = demoRoadPhoto(100 + n * 2 + round);
      await storeDemoFile(storage, key, photo);
      await tx.insert(surveyPhotos).values({
        surveyId: survey!.id,
        photoCategoryId: category?.id ?? null,
        name: `Foto ${street}.png`,
        ext: 'png',
        mimeType: 'image/png',
        size: photo.length,
        storageKey: key,
      });
    }
  }
}

/** What a structural official attaches to a decision: the signed note (PDF) and a photo of the site. */
async function storeStructuralDocuments(
  tx: Db,
  storage: FileStorage,
  proposalId: number,
  street: string,
  n: number,
) {
  const documents = [
    {
      name: 'Nota Dinas Persetujuan.pdf',
      ext: 'pdf',
      mimeType: 'application/pdf',
      content: demoProposalLetter([
        'Nota Dinas Persetujuan Usulan',
        `Lokasi: ${street}`,
        'Disetujui untuk ditindaklanjuti',
      ]),
    },
    {
      name: `Foto Persetujuan ${street}.png`,
      ext: 'png',
      mimeType: 'image/png',
      content: demoRoadPhoto(300 + n),
    },
  ];
  for (const document of documents) {
    const key = `proposals/${proposalId}/${randomUUID()}.${document.ext}`;
    await storeDemoFile(storage, key, document.content);
    await tx.insert(proposalFiles).values({
      proposalId,
      kind: 'structural',
      name: document.name,
      ext: document.ext,
      mimeType: document.mimeType,
      size: document.content.length,
      storageKey: key,
    });
  }
}
