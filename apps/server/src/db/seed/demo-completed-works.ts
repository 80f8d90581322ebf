import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { fileSha256 } from '../../lib/imported-files.ts';
import {
  readCompletedWorkZip,
  storeCompletedWorks,
} from '../../modules/completed-work/completed-work.service.ts';
import { INDONESIA } from '../../modules/completed-work/completed-work-projection.ts';
import {
  buildCompletedWorkZip,
  type CompletedWorkFeature,
  type LonLat,
} from '../../modules/completed-work/completed-work-shapefile-writer.ts';
import { packageFeatures } from '../../modules/completed-work/completed-work-template.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { Db } from '../client.ts';
import { completedWorkImports, typeWorkColors } from '../schema/index.ts';

/** Approximate centre lines of real Surabaya streets, [longitude, latitude]. */
const STREETS: Record<string, LonLat[]> = {
  'Jalan Tunjungan': [
    [112.7381, -7.2575],
    [112.7387, -7.2601],
    [112.7395, -7.2628],
  ],
  'Jalan Embong Malang': [
    [112.7346, -7.2626],
    [112.737, -7.2628],
    [112.7395, -7.263],
  ],
  'Jalan Raya Darmo': [
    [112.7385, -7.287],
    [112.7379, -7.2918],
    [112.737, -7.2965],
  ],
  'Jalan Basuki Rahmat': [
    [112.74, -7.264],
    [112.741, -7.268],
    [112.7425, -7.272],
  ],
  'Jalan Kenjeran': [
    [112.76, -7.245],
    [112.7675, -7.2435],
    [112.775, -7.242],
  ],
  'Jalan Rungkut Industri': [
    [112.755, -7.33],
    [112.76, -7.331],
    [112.765, -7.332],
  ],
  'Jalan Ahmad Yani': [
    [112.7305, -7.32],
    [112.7298, -7.3275],
    [112.729, -7.335],
  ],
  'Jalan Mayjen Sungkono': [
    [112.718, -7.293],
    [112.7115, -7.2915],
    [112.705, -7.29],
  ],
  'Jalan Kertajaya': [
    [112.756, -7.279],
    [112.766, -7.2795],
    [112.77, -7.28],
  ],
  'Jalan Dharmahusada': [
    [112.765, -7.268],
    [112.772, -7.2685],
    [112.78, -7.269],
  ],
  'Jalan Diponegoro': [
    [112.729, -7.278],
    [112.7305, -7.284],
    [112.732, -7.29],
  ],
};

const line = (name: string) => STREETS[name] ?? [];
const at = (name: string) => ({ lokasi: name, lines: [line(name)] });
/** A divided road: both carriageways as the parts of one line. */
const divided = (name: string) => ({
  lokasi: name,
  lines: [line(name), line(name).map(([lon, lat]): LonLat => [Number((lon + 0.0002).toFixed(6)), lat])],
});

interface DemoImport {
  fileName: string;
  year: number;
  typeWork: string;
  features: CompletedWorkFeature[];
}

const thisYear = new Date().getFullYear();

/** Two years, three work types (the demo colours), packages of one to two locations. */
const DEMO_IMPORTS: DemoImport[] = [
  {
    fileName: `Pekerjaan Selesai Pengaspalan ${thisYear - 1}.zip`,
    year: thisYear - 1,
    typeWork: 'Pengaspalan',
    features: [
      ...packageFeatures(
        'Peningkatan Jalan Tunjungan dan Embong Malang',
        [at('Jalan Tunjungan'), at('Jalan Embong Malang')],
        1_250_000,
      ),
      ...packageFeatures('Pengaspalan Jalan Raya Darmo', [at('Jalan Raya Darmo')], 1_100_000),
      ...packageFeatures('Pengaspalan Jalan Basuki Rahmat', [at('Jalan Basuki Rahmat')], 1_150_000),
    ],
  },
  {
    fileName: `Paving Kampung ${thisYear - 1}.zip`,
    year: thisYear - 1,
    typeWork: 'Paving',
    features: [
      ...packageFeatures('Paving Jalan Kenjeran', [at('Jalan Kenjeran')], 650_000),
      ...packageFeatures('Paving Kawasan Rungkut', [at('Jalan Rungkut Industri')], 600_000),
    ],
  },
  {
    fileName: `Betonisasi ${thisYear}.zip`,
    year: thisYear,
    typeWork: 'Betonisasi',
    features: [
      ...packageFeatures('Betonisasi Jalan Ahmad Yani', [divided('Jalan Ahmad Yani')], 2_400_000),
      ...packageFeatures('Betonisasi Jalan Mayjen Sungkono', [at('Jalan Mayjen Sungkono')], 2_250_000),
    ],
  },
  {
    fileName: `Pekerjaan Selesai Pengaspalan ${thisYear}.zip`,
    year: thisYear,
    typeWork: 'Pengaspalan',
    features: [
      ...packageFeatures(
        'Pemeliharaan Jalan Kertajaya dan Dharmahusada',
        [at('Jalan Kertajaya'), at('Jalan Dharmahusada')],
        900_000,
      ),
      ...packageFeatures('Pengaspalan Jalan Diponegoro', [at('Jalan Diponegoro')], 1_200_000),
    ],
  },
];

/**
 * Completed works for the demo: shapefile zips (UTM 49S) built in memory and imported through the same
 * code as POST completed-work, so the demo shows what a real import stores. Skipped once any import exists.
 */
export async function seedDemoCompletedWorks(tx: Db, storage: FileStorage) {
  const [existing] = await tx.select({ id: completedWorkImports.id }).from(completedWorkImports).limit(1);
  if (existing) return;
  const typeRows = await tx
    .select({ id: typeWorkColors.id, typeWork: typeWorkColors.typeWork })
    .from(typeWorkColors)
    .where(inArray(typeWorkColors.typeWork, [...new Set(DEMO_IMPORTS.map((item) => item.typeWork))]));
  const typeIds = new Map(typeRows.map((row) => [row.typeWork, row.id]));
  await mkdir(storage.stagingDir, { recursive: true });
  for (const item of DEMO_IMPORTS) {
    const typeWorkColorId = typeIds.get(item.typeWork);
    if (!typeWorkColorId) continue;
    const zipPath = path.join(storage.stagingDir, `demo-${randomUUID()}.zip`);
    try {
      await writeFile(zipPath, await buildCompletedWorkZip(item.features));
      const sha256 = await fileSha256(zipPath);
      // The demo's zips carry their .prj: Indonesia is area enough.
      await readCompletedWorkZip(zipPath, storage.stagingDir, INDONESIA, (layer) =>
        storeCompletedWorks(
          { db: tx, storage },
          { year: item.year, typeWorkColorId, fileName: item.fileName, zipPath, uploadedById: null, sha256 },
          layer,
        ),
      );
    } finally {
      await rm(zipPath, { force: true });
    }
  }
}
