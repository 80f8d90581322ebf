import { distanceMetres } from './completed-work-projection.ts';
import {
  buildCompletedWorkZip,
  type CompletedWorkFeature,
  type LonLat,
} from './completed-work-shapefile-writer.ts';

/** The length of a WGS84 line in metres on the ellipsoid, as the import measures it, rounded to the metre. */
export function lineLengthMetres(line: LonLat[]): number {
  let total = 0;
  for (let i = 1; i < line.length; i++) total += distanceMetres(line[i - 1] as LonLat, line[i] as LonLat);
  return Math.round(total);
}

export interface WorkLocation {
  lokasi: string;
  /** The line's parts, [longitude, latitude]. */
  lines: LonLat[][];
}

/**
 * The features of one package: PJG_LOKASI measured from each line, PJG_PAKET their sum, NILAI_LOK the
 * length times a unit price (whole thousands of Rupiah) and NILAI_PAKET their sum.
 */
export function packageFeatures(nama: string, locations: WorkLocation[], pricePerMetre: number) {
  const lengths = locations.map((location) =>
    location.lines.reduce((sum, line) => sum + lineLengthMetres(line), 0),
  );
  const values = lengths.map((length) => Math.round((length * pricePerMetre) / 1000) * 1000);
  const pjgPaket = lengths.reduce((sum, length) => sum + length, 0);
  const nilaiPaket = values.reduce((sum, value) => sum + value, 0);
  return locations.map(
    (location, index): CompletedWorkFeature => ({
      nama,
      lokasi: location.lokasi,
      pjgLokasi: lengths[index] ?? 0,
      pjgPaket,
      nilaiLok: values[index] ?? 0,
      nilaiPaket,
      lines: location.lines,
    }),
  );
}

/** Centre lines of real Surabaya streets, approximately, [longitude, latitude]. */
const TEMPLATE_STREETS: Record<string, LonLat[]> = {
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
};

const street = (name: string): LonLat[] => TEMPLATE_STREETS[name] ?? [];

/** The example rows of the template: one package with two locations, one with a single location. */
export const TEMPLATE_FEATURES: CompletedWorkFeature[] = [
  ...packageFeatures(
    'Rehabilitasi Jalan Tunjungan dan Embong Malang',
    [
      { lokasi: 'Jalan Tunjungan', lines: [street('Jalan Tunjungan')] },
      { lokasi: 'Jalan Embong Malang', lines: [street('Jalan Embong Malang')] },
    ],
    1_250_000,
  ),
  ...packageFeatures(
    'Pemeliharaan Berkala Jalan Raya Darmo',
    [{ lokasi: 'Jalan Raya Darmo', lines: [street('Jalan Raya Darmo')] }],
    850_000,
  ),
];

/** The guide inside the template zip (Indonesian, CRLF so Windows' Notepad shows it right). */
export const TEMPLATE_GUIDE = [
  'FORMAT IMPORT PEKERJAAN SELESAI',
  '',
  'Zip berisi satu shapefile garis (.shp, .shx, .dbf, .prj) dengan kolom atribut:',
  '  NAMA         nama paket pekerjaan; fitur dengan NAMA yang sama adalah satu paket',
  '  LOKASI       nama lokasi (jalan) pekerjaan',
  '  PJG_LOKASI   panjang lokasi dalam meter',
  '  PJG_PAKET    total panjang paket dalam meter',
  '  NILAI_LOK    nilai lokasi dalam Rupiah',
  '  NILAI_PAKET  total nilai paket dalam Rupiah (di .dbf tertulis NILAI_PAKE: nama kolom dBase maksimal',
  '               10 karakter)',
  '',
  'Sistem koordinat: UTM zona 49S (EPSG:32749) seperti contoh ini, atau WGS84; .prj menentukan yang dipakai.',
  'Garis multi-bagian diperbolehkan. Angka boleh ditulis 1.250.000 atau 1250000; kolom kosong diisi dari',
  'paketnya (panjang lokasi dari panjang garis).',
  'Zip boleh juga berisi satu berkas GeoJSON atau KML dengan atribut yang sama.',
  '',
  'Satu file zip yang diimport menjadi satu baris daftar Pekerjaan Selesai (Nama File, Jenis, Tahun).',
  'Jika ada kesalahan, tidak ada data yang disimpan dan semua kesalahan ditampilkan.',
  '',
].join('\r\n');

/** format-pekerjaan-selesai.zip: the example shapefile in UTM 49S and the guide. */
export function buildTemplateZip(): Promise<Buffer> {
  return buildCompletedWorkZip(TEMPLATE_FEATURES, {
    layerName: 'format-pekerjaan-selesai',
    crs: 'utm49s',
    extra: [{ name: 'PETUNJUK.txt', content: TEMPLATE_GUIDE }],
  });
}
