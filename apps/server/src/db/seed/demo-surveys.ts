import { randomUUID } from 'node:crypto';
import type { TProcessType, TProposalType } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import { encodeSegments } from '../../lib/map-lines.ts';
import type { LonLat } from '../../modules/completed-work/completed-work-shapefile-writer.ts';
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
} from '../schema/index.ts';
import { demoProposalLetter, demoRoadPhoto, storeDemoFile } from './demo-files.ts';
import { PUSAT_STREETS, streetOf } from './demo-places.ts';

/** A street's line as a consultant draws it on the map: one segment between each pair of points. */
function segmentsOf(line: LonLat[]) {
  return line.slice(1).map(([endLon, endLat], index) => {
    const [startLon, startLat] = line[index]!;
    return { startLat, startLon, endLat, endLon };
  });
}

const CONDITIONS = [
  ['Aspal retak buaya dan berlubang', 'Ada, di kedua sisi', 'Sedimentasi tinggi, aliran tersumbat'],
  ['Paving ambles dan bergelombang', 'Ada, sisi kiri', 'Cukup baik'],
  ['Permukaan aus, agregat lepas', 'Tidak ada', '-'],
] as const;

interface DemoSurveyedProposal {
  road: string;
  proposalType: TProposalType;
  proposerName: string;
  /** verified: waiting for a survey; draft: a survey saved but not sent; surveyed: sent (`rounds` times). */
  stage: 'verified' | 'draft' | 'surveyed';
  rounds?: number;
  /** The structural decision already taken on a surveyed proposal. */
  decision?: TProcessType;
}

/**
 * Every stage after verification, each proposal type and each process type, on streets of both
 * consultants' areas; no two on one street.
 */
const DEMO_SURVEYED: DemoSurveyedProposal[] = [
  { road: 'Jalan Tunjungan', proposalType: 'taruna', proposerName: 'Slamet Riyadi', stage: 'verified' },
  { road: 'Jalan Raya Tandes', proposalType: 'umum', proposerName: 'Endang Wahyuni', stage: 'verified' },
  { road: 'Jalan Embong Malang', proposalType: 'pokir', proposerName: 'Hendra Gunawan', stage: 'draft' },
  { road: 'Jalan Kenjeran', proposalType: 'musrenbang', proposerName: 'Yuliana Sari', stage: 'draft' },
  {
    road: 'Jalan Pahlawan',
    proposalType: 'taruna',
    proposerName: 'Slamet Riyadi',
    stage: 'surveyed',
    decision: 'project',
  },
  {
    road: 'Jalan Ahmad Yani',
    proposalType: 'umum',
    proposerName: 'Endang Wahyuni',
    stage: 'surveyed',
    decision: 'self_management',
  },
  {
    road: 'Jalan Rungkut Industri',
    proposalType: 'pokir',
    proposerName: 'Hendra Gunawan',
    stage: 'surveyed',
    decision: 'pending',
  },
  {
    road: 'Jalan Mayjen Sungkono',
    proposalType: 'musrenbang',
    proposerName: 'Yuliana Sari',
    stage: 'surveyed',
  },
  { road: 'Jalan Kertajaya Indah', proposalType: 'umum', proposerName: 'Slamet Riyadi', stage: 'surveyed' },
  { road: 'Jalan Raya Darmo', proposalType: 'musrenbang', proposerName: 'Yuliana Sari', stage: 'surveyed' },
  // Surveyed twice: an older survey, then a newer one, so the history selector has entries.
  {
    road: 'Jalan Basuki Rahmat',
    proposalType: 'taruna',
    proposerName: 'Endang Wahyuni',
    stage: 'surveyed',
    rounds: 2,
  },
  {
    road: 'Jalan Kembang Jepun',
    proposalType: 'pokir',
    proposerName: 'Hendra Gunawan',
    stage: 'surveyed',
    rounds: 2,
  },
];

/** What the demo surveyor wrote under each picture, in the order of the first photo categories. */
const PHOTO_DESCRIPTIONS: readonly ((road: string) => string)[] = [
  (road) => `${road} dilihat dari ujung awal ruas, arah utara`,
  (road) => `Lubang dan retak buaya pada perkerasan ${road}`,
  (road) => `Saluran tepi ${road} tertutup sedimen`,
];

/**
 * Proposals further along for the demo, in the kelurahan of their streets and assigned to the consultant
 * of that area: verified ones waiting for a survey, drafts, and surveyed ones with submitted surveys (lines
 * on the streets, ASB items at the master's prices, a generated photo per photo category), some surveyed twice; three already
 * decided by struktural1 (one per process type, with a signed note and a photo as structural documents),
 * the rest awaiting approval.
 */
export async function seedDemoSurveys(
  tx: Db,
  storage: FileStorage,
  refs: { roadIds: Map<string, number>; villageIds: Map<string, number>; consultantIds: number[] },
) {
  const asb = await tx.select().from(asbSurveyors).orderBy(asbSurveyors.id);
  const types = await tx.select().from(roadTypes).orderBy(roadTypes.id);
  const categories = await tx.select().from(photoCategories).orderBy(photoCategories.id).limit(3);
  const [official] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'struktural1'));
  if (asb.length < 2 || !types.length) return;
  const today = Date.now();

  for (const [n, item] of DEMO_SURVEYED.entries()) {
    const street = streetOf(item.road);
    const villageId = refs.villageIds.get(street.villageCode);
    const line = item.stage === 'verified' ? [] : street.line;
    if (!villageId || !line) throw new Error(`demo street ${item.road} needs a kelurahan and a line`);
    const isPusat = PUSAT_STREETS.includes(street);
    const consultantId = refs.consultantIds[isPusat ? 0 : 1]!;
    const decision = item.decision;
    const [proposal] = await tx
      .insert(proposals)
      .values({
        proposalType: item.proposalType,
        proposalDate: new Date(today - (40 + n * 6) * 86_400_000).toISOString().slice(0, 10),
        proposerName: item.proposerName,
        phoneNumber: `0813${String(55_500_100 + n).padStart(8, '0')}`,
        roadId: refs.roadIds.get(item.road)!,
        villageId,
        rtNumber: String((n % 7) + 1).padStart(2, '0'),
        rwNumber: String((n % 3) + 1).padStart(2, '0'),
        address: `${item.road}, kerusakan di beberapa titik`,
        consultantId,
        statusType: decision ? 'finished' : item.stage === 'surveyed' ? 'surveyed' : 'verified',
        processType: decision ?? null,
        verifiedAt: new Date(today - (30 + n) * 86_400_000),
        approvedAt: decision ? new Date(today - (5 + n) * 86_400_000) : null,
        approvedById: decision ? (official?.id ?? null) : null,
      })
      .returning({ id: proposals.id });
    if (decision) await storeStructuralDocuments(tx, storage, proposal!.id, item.road, n);
    if (item.stage === 'verified') continue;
    const rounds = item.stage === 'draft' ? 1 : (item.rounds ?? 1);
    for (let round = 0; round < rounds; round++) {
      const isDraft = item.stage === 'draft';
      const submittedAt = new Date(today - (20 - round * 10 + n) * 86_400_000);
      const [condition, canal, canalCondition] = CONDITIONS[(n + round) % CONDITIONS.length]!;
      const [survey] = await tx
        .insert(surveys)
        .values({
          proposalId: proposal!.id,
          consultantId,
          isDraft,
          roadCondition: condition,
          canalExisting: canal,
          canalCondition,
          damageIdentification: `<p>${condition} sepanjang kurang lebih ${60 + n * 15} meter.</p>`,
          suggestion: '<p>Dilakukan <strong>pengaspalan ulang</strong> dan normalisasi saluran.</p>',
          submittedAt: isDraft ? null : submittedAt,
          createdAt: submittedAt,
        })
        .returning({ id: surveys.id });
      await tx
        .insert(surveyRoadTypes)
        .values({ surveyId: survey!.id, roadTypeId: types[(n + round) % types.length]!.id });
      const drawLine = segmentsOf(line);
      const [road] = await tx
        .insert(surveyRoads)
        .values({ surveyId: survey!.id, drawLine, encodedPaths: encodeSegments(drawLine) })
        .returning({ id: surveyRoads.id });
      const items = [asb[n % asb.length]!, asb[(n + 1) % asb.length]!];
      await tx.insert(surveyRoadAsbItems).values(
        items.map((asbItem, index) => ({
          surveyRoadId: road!.id,
          asbSurveyorId: asbItem.id,
          name: asbItem.name,
          unitPrice: asbItem.price,
          long: String(60 + n * 15 - index * 40),
          wide: index === 0 ? '6' : '1.5',
        })),
      );
      // A picture per category, described as a surveyor would: the report groups and captions them so.
      for (const [index, category] of categories.entries()) {
        const key = `surveys/${survey!.id}/${randomUUID()}.png`;
        const photo = demoRoadPhoto(100 + n * 6 + round * 3 + index);
        await storeDemoFile(storage, key, photo);
        await tx.insert(surveyPhotos).values({
          surveyId: survey!.id,
          photoCategoryId: category.id,
          description: PHOTO_DESCRIPTIONS[index % PHOTO_DESCRIPTIONS.length]?.(item.road) ?? '',
          name: `IMG_${20260000 + n * 10 + round * 3 + index}.png`,
          ext: 'png',
          mimeType: 'image/png',
          size: photo.length,
          storageKey: key,
        });
      }
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
