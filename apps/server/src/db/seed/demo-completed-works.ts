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
import { WORK_STREETS } from './demo-places.ts';

const line = (name: string) => WORK_STREETS[name] ?? [];
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

/**
 * Three years and all four work types (the demo colours) in four imports, one per type (each import is a
 * worker thread's read: fewer keep the first start quick), packages of one to two locations, each on a
 * street beside the proposals' streets (demo-places.ts).
 */
const DEMO_IMPORTS: DemoImport[] = [
  {
    fileName: `Pekerjaan Selesai Pengaspalan ${thisYear - 2}.zip`,
    year: thisYear - 2,
    typeWork: 'Pengaspalan',
    features: [
      ...packageFeatures(
        'Peningkatan Jalan Gemblongan dan Genteng Kali',
        [at('Jalan Gemblongan'), at('Jalan Genteng Kali')],
        1_250_000,
      ),
      ...packageFeatures('Pengaspalan Jalan Raya Darmo', [at('Jalan Raya Darmo')], 1_100_000),
      ...packageFeatures('Pengaspalan Jalan Rajawali', [at('Jalan Rajawali')], 1_050_000),
      ...packageFeatures(
        'Pemeliharaan Jalan Kertajaya dan Dharmahusada',
        [at('Jalan Kertajaya'), at('Jalan Dharmahusada')],
        900_000,
      ),
      ...packageFeatures('Pengaspalan Jalan Diponegoro', [at('Jalan Diponegoro')], 1_200_000),
      ...packageFeatures('Pengaspalan Jalan Panglima Sudirman', [at('Jalan Panglima Sudirman')], 1_150_000),
      ...packageFeatures('Pengaspalan Jalan Kenjeran', [at('Jalan Kenjeran')], 1_000_000),
    ],
  },
  {
    fileName: `Paving Kampung ${thisYear - 1}.zip`,
    year: thisYear - 1,
    typeWork: 'Paving',
    features: [
      ...packageFeatures('Paving Jalan Kapas Krampung', [at('Jalan Kapas Krampung')], 650_000),
      ...packageFeatures('Paving Kawasan Kendangsari', [at('Jalan Kendangsari')], 600_000),
      ...packageFeatures('Paving Jalan Bubutan', [at('Jalan Bubutan')], 620_000),
    ],
  },
  {
    fileName: `Saluran Tepi Jalan ${thisYear - 1}.zip`,
    year: thisYear - 1,
    typeWork: 'Perbaikan Saluran',
    features: [
      ...packageFeatures('Normalisasi Saluran Jalan Kedungdoro', [at('Jalan Kedungdoro')], 450_000),
      ...packageFeatures('Normalisasi Saluran Jalan Ketintang', [at('Jalan Ketintang')], 480_000),
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
