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

const points = (parts: LatLon[][]): TCompletedWorkPoint[][] =>
  parts.map((part) => part.map(([latitude, longitude]) => ({ latitude, longitude })));

/**
 * Spec §3 Completed-work detail. Nominal values are not sent to umum at all (spec §6): the keys are left
 * out, not nulled, so nothing in the answer hints at them.
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
    coordinate: points(row.coordinates),
    coodinatePerkerjaan: points(packageLines.flat()),
  };
  if (role !== 'umum') {
    detail.nilaiLokasi = row.locationValue;
    detail.nilaiPaket = row.packageValue;
  }
  return detail;
}
