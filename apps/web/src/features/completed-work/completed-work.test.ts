import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { acceptOf, ZIP_IMPORT_RULE } from '../proposal/upload-guard.ts';
import { importFailureOf, importForm, refusedImportOf } from './api.ts';
import {
  completedWorkDetailPath,
  detailHeading,
  drawableParts,
  formatMetres,
  googleMapsPlaceUrl,
  hasNominal,
  lineColorOf,
  midpointOf,
  yearFromQuery,
  ZIP_ONLY,
  zipFileProblem,
} from './completed-work.ts';

const MB = 1024 * 1024;

describe('paths and headings', () => {
  it('opens the works of an import with its year as the query', () => {
    expect(completedWorkDetailPath(12, 2025)).toBe('/pekerjaan-selesai/detail/12?year=2025');
  });

  it('reads only a four-digit year from the query', () => {
    expect(yearFromQuery('2025')).toBe(2025);
    expect(yearFromQuery(' 2024 ')).toBe(2024);
    expect(yearFromQuery('20')).toBeNull();
    expect(yearFromQuery('abcd')).toBeNull();
    expect(yearFromQuery(null)).toBeNull();
  });

  it('puts the year in the heading', () => {
    expect(detailHeading(2025)).toBe('Pekerjaan Selesai Tahun 2025');
    expect(detailHeading(null)).toBe('Pekerjaan Selesai');
  });
});

describe('formatMetres', () => {
  it('groups with id-ID dots and a decimal comma', () => {
    expect(formatMetres(1234.5)).toBe('1.234,5 m');
    expect(formatMetres(0)).toBe('0 m');
    expect(formatMetres('875')).toBe('875 m');
    expect(formatMetres(12.3456)).toBe('12,35 m');
  });

  it('shows a dash without a number', () => {
    expect(formatMetres(null)).toBe('-');
    expect(formatMetres(undefined)).toBe('-');
    expect(formatMetres('')).toBe('-');
    expect(formatMetres('abc')).toBe('-');
  });
});

describe('drawableParts', () => {
  it('keeps the parts as [lat, lon] lines', () => {
    expect(
      drawableParts([
        [
          { latitude: -7.25, longitude: 112.73 },
          { latitude: -7.26, longitude: 112.74 },
        ],
      ]),
    ).toEqual([
      [
        [-7.25, 112.73],
        [-7.26, 112.74],
      ],
    ]);
  });

  it('drops points outside spec §5 and parts left with fewer than two points', () => {
    const parts = [
      [
        { latitude: -7.25, longitude: 112.73 },
        { latitude: 95, longitude: 112.74 },
        { latitude: -7.27, longitude: 112.75 },
      ],
      [
        { latitude: -7.25, longitude: 200 },
        { latitude: -7.26, longitude: 112.74 },
      ],
      [{ latitude: Number.NaN, longitude: 112.7 }],
    ];
    expect(drawableParts(parts)).toEqual([
      [
        [-7.25, 112.73],
        [-7.27, 112.75],
      ],
    ]);
    expect(drawableParts(null)).toEqual([]);
    expect(drawableParts([])).toEqual([]);
  });
});

describe('lineColorOf', () => {
  it("uses the work type's hex colour, else red", () => {
    expect(lineColorOf('#1677ff')).toBe('#1677ff');
    expect(lineColorOf('#ABC')).toBe('#ABC');
    expect(lineColorOf('')).toBe('red');
    expect(lineColorOf(null)).toBe('red');
    expect(lineColorOf('url(javascript:alert(1))')).toBe('red');
    expect(lineColorOf('#12345')).toBe('red');
  });
});

describe('midpointOf', () => {
  it('is halfway along the longest part', () => {
    const short: [number, number][] = [
      [0, 0],
      [0, 0.001],
    ];
    const long: [number, number][] = [
      [0, 1],
      [0, 1.002],
      [0, 1.01],
    ];
    const [lat, lon] = midpointOf([short, long]) ?? [Number.NaN, Number.NaN];
    expect(lat).toBeCloseTo(0, 9);
    expect(lon).toBeCloseTo(1.005, 9);
  });

  it('is the only point of a line without length, and null without lines', () => {
    expect(
      midpointOf([
        [
          [-7.2, 112.7],
          [-7.2, 112.7],
        ],
      ]),
    ).toEqual([-7.2, 112.7]);
    expect(midpointOf([])).toBeNull();
  });

  it('links the place in Google Maps', () => {
    expect(googleMapsPlaceUrl([-7.2575, 112.7381])).toBe(
      'https://www.google.com/maps/search/?api=1&query=-7.257500,112.738100',
    );
  });
});

describe('hasNominal', () => {
  it('is false only when the server left both values out (umum)', () => {
    expect(hasNominal({})).toBe(false);
    expect(hasNominal({ nilaiLokasi: null, nilaiPaket: null })).toBe(true);
    expect(hasNominal({ nilaiLokasi: 1_000, nilaiPaket: 2_000 })).toBe(true);
  });
});

describe('the zip rule', () => {
  it('takes one .zip or Google Earth .kmz of at most 50 MB', () => {
    expect(acceptOf(ZIP_IMPORT_RULE)).toBe('.zip,.kmz');
    expect(zipFileProblem({ name: 'pekerjaan.ZIP', size: 50 * MB })).toBeNull();
    expect(zipFileProblem({ name: 'jalan.kmz', size: 10 })).toBeNull();
    expect(zipFileProblem({ name: 'pekerjaan.rar', size: 10 })).toBe(ZIP_ONLY);
    expect(zipFileProblem({ name: 'pekerjaan', size: 10 })).toBe(ZIP_ONLY);
    expect(zipFileProblem({ name: 'pekerjaan.zip', size: 50 * MB + 1 })).toBe(
      'Ukuran File Upload melebihi batas, Ukuran file maximal adalah 50 MB',
    );
  });
});

describe('import calls', () => {
  it('sends year, type_work_id and file as multipart', () => {
    const file = new File(['PK'], 'pekerjaan.zip', { type: 'application/zip' });
    const form = importForm({ year: 2025, typeWorkId: 3, file });
    expect(form.get('year')).toBe('2025');
    expect(form.get('type_work_id')).toBe('3');
    expect((form.get('file') as File).name).toBe('pekerjaan.zip');
  });

  it("lists a refused job's reasons (result.errorList) under its message", () => {
    const job = {
      status: 'failed' as const,
      message: 'Import gagal, tidak ada data yang disimpan. Periksa daftar kesalahan.',
      result: {
        errorList: ['File .dbf tidak ditemukan di dalam zip.', 'File .shp tidak ditemukan di dalam zip.'],
      },
    };
    expect(refusedImportOf(job)).toEqual({
      title: 'Import gagal, tidak ada data yang disimpan. Periksa daftar kesalahan.',
      reasons: ['File .dbf tidak ditemukan di dalam zip.', 'File .shp tidak ditemukan di dalam zip.'],
    });
    // A job that failed otherwise (a server fault) has no list: its message is shown as a warning.
    expect(refusedImportOf({ status: 'failed', message: 'Proses gagal', result: null })).toBeNull();
    expect(refusedImportOf({ ...job, status: 'done' })).toBeNull();
  });

  it("lists a 422's field messages under 'Peringatan..'", () => {
    const error = new ApiError(422, {
      status: { code: 422, message: 'Data tidak valid' },
      data: null,
      errors: { file: ['Silahkan periksa file Anda lagi (catatan.zip)'], year: ['Tahun harus 4 digit.'] },
    });
    expect(importFailureOf(error)).toEqual({
      title: 'Peringatan..',
      reasons: ['Silahkan periksa file Anda lagi (catatan.zip)', 'Tahun harus 4 digit.'],
    });
  });

  it('leaves other failures to the common handler', () => {
    expect(importFailureOf(new ApiError(403, null))).toBeNull();
    expect(importFailureOf(new ApiError(null, null))).toBeNull();
    // A job's start never answers 400 with a list; a refused zip fails the job (refusedImportOf).
    expect(
      importFailureOf(new ApiError(400, { status: { code: 400, message: 'x' }, data: null })),
    ).toBeNull();
    expect(importFailureOf(new Error('boom'))).toBeNull();
  });
});
