import type {
  TCompletedWorkDetail,
  TCompletedWorkImportRow,
  TCompletedWorkPoint,
  TCompletedWorkRow,
  TRole,
} from '@eusulan/shared';
import type { LatLon } from '../../db/schema/index.ts';
import type { ImportRecord, WorkRecord, WorkRowRecord } from './completed-work.queries.ts';

const instant = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const metres = (value: string | number | null) => (value === null ? 0 : Number(value));

/** Spec §3 Completed-work list row. */
export function presentImport(row: ImportRecord): TCompletedWorkImportRow {
  return {
    id: row.id,
    name: row.fileName,
    year: row.year,
    typeWorkColor: {
      id: row.typeWorkColorId,
      idHash: String(row.typeWorkColorId),
      typeWork: row.typeWork,
      color: row.color,
    },
    createdAt: instant(row.createdAt),
  };
}

/** A row of the Pekerjaan Selesai detail table. */
export function presentWorkRow(row: WorkRowRecord, typeWork: string): TCompletedWorkRow {
  return {
    id: row.id,
    nama: row.packageName,
    lokasi: row.location,
    jenisPekerjaan: typeWork,
    tahun: row.year,
    panjang: metres(row.packageLength),
    panjangLokasi: metres(row.locationLength),
  };
}

const pointsOf = (part: LatLon[]): TCompletedWorkPoint[] =>
  part.map(([latitude, longitude]) => ({ latitude, longitude }));
const points = (parts: LatLon[][]): TCompletedWorkPoint[][] => parts.map(pointsOf);

/**
 * Spec §3 Completed-work detail: `coordinate` is one list of points (the work's first part) and
 * `coodinatePerkerjaan` (the spec's spelling) a list of such lists, every part of every work of the package.
 * A line feature may have several parts (a MultiLineString); `coordinateParts` carries all of this work's
 * parts, the first included, so a spec client draws the first part and our web every part. Nominal values
 * are not sent to umum at all (spec §6): the keys are left out, not nulled, so nothing hints at them.
 */
export function presentWorkDetail(
  row: WorkRecord,
  packageLines: LatLon[][][],
  role: TRole,
): TCompletedWorkDetail {
  const detail: TCompletedWorkDetail = {
    id: row.id,
    completedWorkId: row.importId,
    nama: row.packageName,
    tahun: row.year,
    lokasi: row.location,
    jenisPekerjaan: row.typeWork,
    color: row.color,
    panjangLokasi: metres(row.locationLength),
    panjang: metres(row.packageLength),
    coordinate: pointsOf(row.coordinates[0] ?? []),
    coordinateParts: points(row.coordinates),
    coodinatePerkerjaan: points(packageLines.flat()),
  };
  if (role !== 'umum') {
    detail.nilaiLokasi = row.locationValue;
    detail.nilaiPaket = row.packageValue;
  }
  return detail;
}
