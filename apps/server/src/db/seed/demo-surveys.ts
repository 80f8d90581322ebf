import { randomUUID } from 'node:crypto';
import { PROPOSAL_TYPES } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { Db } from '../client.ts';
import {
  asbSurveyors,
  photoCategories,
  proposals,
  roadTypes,
  surveyPhotos,
  surveyRoadAsbItems,
  surveyRoads,
  surveyRoadTypes,
  surveys,
  villages,
} from '../schema/index.ts';
import { demoRoadPhoto, storeDemoFile } from './demo-files.ts';

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

/**
 * Proposals further along for the demo: verified ones waiting for a survey and surveyed ones with
 * submitted surveys (lines on real streets, ASB items at the master's prices, a generated photo), some
 * surveyed twice so the history selector has entries.
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
  if (!village || asb.length < 2 || !types.length) return;
  const streets = Object.keys(STREET_LINES).filter((name) => refs.roadIds.has(name));
  const today = Date.now();

  for (const [n, street] of streets.entries()) {
    const surveyed = n >= 2;
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
        statusType: surveyed ? 'surveyed' : 'verified',
        verifiedAt: new Date(today - (30 + n) * 86_400_000),
      })
      .returning({ id: proposals.id });
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
      const [road] = await tx
        .insert(surveyRoads)
        .values({ surveyId: survey!.id, drawLine: segmentsOf(STREET_LINES[street]!) })
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
