import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  JOB_FILE_KEEP_HOURS,
  JOB_MESSAGES,
  JOB_STEPS,
  SURVEY_EXPORT_MESSAGES,
  type TSurveyExportInput,
} from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlace, buildProposal, buildSurvey } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { waitForJob } from '../../../test/jobs.ts';
import { zipEntries } from '../../../test/zip.ts';
import {
  backgroundJobs,
  consultants,
  photoCategories,
  roads,
  roadTypes,
  surveyPhotos,
  surveys,
  villages,
} from '../../db/schema/index.ts';

const PHOTO = readFileSync(new URL('../../../test/fixtures/road-photo.png', import.meta.url));

let t: TestApp;
let admin: Record<string, string>;
/** An internal consultant (its district is Surabaya Pusat's), an external one, and their surveys. */
let internal: { headers: Record<string, string>; consultantId: number; districtId: number };
let external: { headers: Record<string, string>; consultantId: number };
let otherDistrictId: number;
let ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  const surveyor = await t.signIn('consultan');
  const [own] = await t.db.select().from(consultants);
  internal = {
    headers: surveyor.headers,
    consultantId: surveyor.user.consultantId!,
    districtId: own!.districtId!,
  };
  const cv = await t.signIn('consultan', { consultantType: 'external' });
  external = { headers: cv.headers, consultantId: cv.user.consultantId! };
  const genteng = await buildPlace(t.db, {
    districtId: internal.districtId,
    subdistrict: 'Genteng',
    village: 'Kapasari',
    road: 'Jalan Tunjungan',
  });
  const gubeng = await buildPlace(t.db, {
    district: 'Surabaya Timur',
    subdistrict: 'Gubeng',
    village: 'Airlangga',
    roadId: genteng.roadId,
  });
  otherDistrictId = gubeng.districtId;
  const [category] = await t.db.insert(photoCategories).values({ name: 'Kondisi Eksisting' }).returning();
  const [workType] = await t.db.insert(roadTypes).values({ name: 'Pemeliharaan Berkala' }).returning();

  async function surveyed(options: {
    name: string;
    villageId: number;
    consultantId: number;
    /** ISO instants of submitted surveys, oldest first; 'draft' adds an open draft. */
    surveys: (string | 'draft')[];
    address?: string;
    phone?: string;
    canalExisting?: string;
    canalCondition?: string;
  }) {
    const proposal = await buildProposal(t.db, {
      proposalType: 'pokir',
      proposalDate: '2026-02-10',
      proposerName: options.name,
      phoneNumber: options.phone ?? '081234500001',
      roadId: genteng.roadId,
      villageId: options.villageId,
      rtNumber: '03',
      rwNumber: '05',
      address: options.address ?? 'Depan balai RW',
      consultantId: options.consultantId,
      statusType: 'surveyed',
    });
    for (const [round, submitted] of options.surveys.entries()) {
      const isDraft = submitted === 'draft';
      const survey = await buildSurvey(t.db, {
        proposalId: proposal.id,
        isDraft,
        roadCondition: `Retak buaya (survey ${round + 1})`,
        canalExisting: options.canalExisting ?? 'Ada, kedua sisi',
        canalCondition: options.canalCondition ?? '=cmd|"/c calc"!A1',
        damageIdentification: '<p>Lubang &amp; retak</p><ul><li>Titik 1</li><li>Titik 2</li></ul>',
        suggestion: '<p>Pengaspalan <strong>ulang</strong></p>',
        submittedAt: isDraft ? null : new Date(submitted),
        roadTypeIds: [workType!.id],
        lines: [
          {
            drawLine: [{ startLat: -7.2575, startLon: 112.7381, endLat: -7.2628, endLon: 112.7395 }],
            items: [
              { name: 'Aspal Hotmix', unitPrice: 185_000, long: '120', wide: '6' },
              { name: 'Saluran U-Ditch', unitPrice: 1_250_000, long: '35.5', wide: '1' },
            ],
          },
        ],
      });
      const key = `surveys/${survey.id}/foto.png`;
      mkdirSync(path.join(t.config.DATA_DIR, 'files', 'surveys', String(survey.id)), { recursive: true });
      writeFileSync(path.join(t.config.DATA_DIR, 'files', key), PHOTO);
      await t.db.insert(surveyPhotos).values({
        surveyId: survey.id,
        photoCategoryId: category!.id,
        name: 'foto.png',
        ext: 'png',
        mimeType: 'image/png',
        size: PHOTO.length,
        storageKey: key,
      });
    }
    return proposal.id;
  }

  ids = {
    // Surveyed twice in range: the export shows the newer survey only.
    twice: await surveyed({
      name: 'Budi Santoso',
      villageId: genteng.villageId,
      consultantId: internal.consultantId,
      surveys: ['2026-03-02T03:00:00Z', '2026-03-20T03:00:00Z'],
    }),
    // Texts typed the way a spreadsheet would take for a formula, had they been typed into one.
    formula: await surveyed({
      name: '=HYPERLINK("http://evil.test","klik")',
      villageId: genteng.villageId,
      consultantId: internal.consultantId,
      surveys: ['2026-03-10T03:00:00Z'],
      address: '@mention',
      phone: '+62 812-3456-7890',
      canalExisting: '-',
      canalCondition: '=SUM(A1)',
    }),
    // 20:00 UTC on 31 March is 03:00 WIB on 1 April: in April for the office.
    lateNight: await surveyed({
      name: 'Citra Lestari',
      villageId: genteng.villageId,
      consultantId: internal.consultantId,
      surveys: ['2026-03-31T20:00:00Z'],
    }),
    draftOnly: await surveyed({
      name: 'Dewi Draft',
      villageId: genteng.villageId,
      consultantId: internal.consultantId,
      surveys: ['draft'],
    }),
    otherDistrict: await surveyed({
      name: 'Eko Timur',
      villageId: gubeng.villageId,
      consultantId: external.consultantId,
      surveys: ['2026-03-15T03:00:00Z'],
    }),
    // Its photo file has gone missing from storage.
    lostPhoto: await surveyed({
      name: 'Fajar Hilang',
      villageId: genteng.villageId,
      consultantId: internal.consultantId,
      surveys: ['2026-05-05T03:00:00Z'],
    }),
  };
  const [lost] = await t.db.select().from(surveys).where(eq(surveys.proposalId, ids.lostPhoto!));
  rmSync(path.join(t.config.DATA_DIR, 'files', 'surveys', String(lost!.id)), { recursive: true });
});
afterAll(async () => {
  await t.close();
});

const MARCH: TSurveyExportInput = {
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  districtId: [],
  option: '.xlsx',
};

const exportCall = (body: Partial<TSurveyExportInput>, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api-web/export',
    headers,
    payload: { ...MARCH, districtId: [internal.districtId, otherDistrictId], ...body },
  });

async function workbookOf(content: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheetOf = (name: string) => {
    const sheet = workbook.getWorksheet(name);
    if (!sheet) throw new Error(`no sheet ${name}`);
    return sheet;
  };
  const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rowsOf = (name: string) => {
    const sheet = sheetOf(name);
    const header = headerOf(sheet);
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((key, index) => [key, values[index]])));
    });
    return rows;
  };
  /** The cells, by header, of the first data row whose `column` holds `value`. */
  const cellsOf = (name: string, column: string, value: unknown) => {
    const sheet = sheetOf(name);
    const header = headerOf(sheet);
    const at = header.indexOf(column) + 1;
    for (let number = 2; number <= sheet.rowCount; number++) {
      const row = sheet.getRow(number);
      if (row.getCell(at).value === value) {
        return Object.fromEntries(header.map((key, index) => [key, row.getCell(index + 1)]));
      }
    }
    throw new Error(`no row with ${column} ${String(value)} in ${name}`);
  };
  return { names: workbook.worksheets.map((sheet) => sheet.name), sheetOf, rowsOf, cellsOf };
}

/** A calendar day as exceljs reads a day cell back. */
const day = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

describe('POST export (.xlsx)', () => {
  it('writes one row per surveyed proposal in range and district, the newest survey, and the ASB sheet', async () => {
    const response = await exportCall({});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('Hasil Survey.xlsx');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const book = await workbookOf(response.rawPayload);
    expect(book.names).toEqual(['Hasil Survey', 'Item ASB']);
    const rows = book.rowsOf('Hasil Survey');
    expect(rows.map((row) => row['ID Usulan'])).toEqual(
      [ids.twice, ids.formula, ids.otherDistrict].sort((a, b) => a! - b!).length === 3
        ? [ids.formula, ids.otherDistrict, ids.twice]
        : [],
    );
    const budi = rows.find((row) => row['ID Usulan'] === ids.twice)!;
    expect(budi).toMatchObject({
      'Tanggal Survey': day('2026-03-20'),
      'Jenis Usulan': 'Pokir',
      'Tanggal Usulan': day('2026-02-10'),
      Pengusul: 'Budi Santoso',
      Jalan: 'Jalan Tunjungan',
      RT: '03',
      Kelurahan: 'Kapasari',
      Kecamatan: 'Genteng',
      'Kondisi Jalan': 'Retak buaya (survey 2)',
      'Jenis Pekerjaan': 'Pemeliharaan Berkala',
      'Identifikasi Kerusakan': 'Lubang & retak\n- Titik 1\n- Titik 2',
      'Saran dan Masukan': 'Pengaspalan ulang',
    });
    // 120 × 6 × 185,000 + 35.5 × 1 × 1,250,000
    expect(budi['Total Biaya']).toBe(133_200_000 + 44_375_000);
    expect(String(budi['Item ASB (Panjang × Lebar × Harga Satuan = Biaya)'])).toContain(
      'Ruas 1 - Saluran U-Ditch: 35.5 m × 1 m × Rp 1.250.000 = Rp 44.375.000',
    );
    expect((budi.Foto as ExcelJS.CellHyperlinkValue).text).toMatch(
      /^Foto\/\d+ - Budi Santoso - Jalan Tunjungan\/1\. Kondisi Eksisting\.png$/,
    );
    const items = book.rowsOf('Item ASB');
    expect(items).toHaveLength(6);
    expect(
      items.find((row) => row['ID Usulan'] === ids.twice && row['Item ASB'] === 'Aspal Hotmix'),
    ).toMatchObject({
      Ruas: 1,
      'Panjang (m)': 120,
      'Lebar (m)': 6,
      'Harga Satuan': 185_000,
      Biaya: 133_200_000,
    });
  });

  it('writes days as dates shown DD-MM-YYYY and money as numbers shown in whole Rupiah', async () => {
    const book = await workbookOf((await exportCall({})).rawPayload);
    const survey = book.cellsOf('Hasil Survey', 'ID Usulan', ids.twice);
    // The day the office saw: 03:00 UTC is 10:00 in Jakarta.
    expect(survey['Tanggal Survey']!.value).toEqual(day('2026-03-20'));
    expect(survey['Tanggal Usulan']!.value).toEqual(day('2026-02-10'));
    for (const header of ['Tanggal Survey', 'Tanggal Usulan']) {
      expect(survey[header]!.type, header).toBe(ExcelJS.ValueType.Date);
      expect(survey[header]!.numFmt, header).toBe('dd-mm-yyyy');
    }
    expect(survey['Total Biaya']!.value).toBe(177_575_000);
    expect(survey['Total Biaya']!.numFmt).toBe('"Rp" #,##0');

    const item = book.cellsOf('Item ASB', 'Item ASB', 'Saluran U-Ditch');
    expect(item['Tanggal Survey']!.value).toBeInstanceOf(Date);
    expect(item['Tanggal Survey']!.numFmt).toBe('dd-mm-yyyy');
    for (const header of ['Harga Satuan', 'Biaya']) {
      expect(typeof item[header]!.value, header).toBe('number');
      expect(item[header]!.numFmt, header).toBe('"Rp" #,##0');
    }
    // The late-night survey is on the office's 1 April, not UTC's 31 March.
    const april = await workbookOf(
      (await exportCall({ startDate: '2026-04-01', endDate: '2026-04-30' })).rawPayload,
    );
    expect(april.cellsOf('Hasil Survey', 'ID Usulan', ids.lateNight)['Tanggal Survey']!.value).toEqual(
      day('2026-04-01'),
    );
  });

  it('filters every sheet from its header row over all its rows, and keeps the header in view', async () => {
    const book = await workbookOf((await exportCall({})).rawPayload);
    // 26 columns (A:Z) and 3 surveys; 12 columns (A:L) and 6 items.
    expect(book.sheetOf('Hasil Survey').autoFilter).toBe('A1:Z4');
    expect(book.sheetOf('Item ASB').autoFilter).toBe('A1:L7');
    for (const name of book.names) {
      expect(book.sheetOf(name).views, name).toEqual([
        expect.objectContaining({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' }),
      ]);
    }
  });

  it('numbers the surveyed roads (Ruas) in the survey order, a road without items included', async () => {
    const [village] = await t.db.select().from(villages).where(eq(villages.name, 'Kapasari'));
    const [road] = await t.db.select().from(roads).where(eq(roads.name, 'Jalan Tunjungan'));
    const types = await t.db
      .insert(roadTypes)
      .values([{ name: 'Rehabilitasi' }, { name: 'Normalisasi Saluran' }])
      .returning();
    const proposal = await buildProposal(t.db, {
      proposalDate: '2026-05-20',
      proposerName: 'Gita Dua Ruas',
      phoneNumber: '081234500009',
      roadId: road!.id,
      villageId: village!.id,
      address: 'Dua ruas jalan',
      consultantId: internal.consultantId,
      statusType: 'surveyed',
    });
    // Inserted second but placed first: the order is the survey's, not the insert's.
    const survey = await buildSurvey(t.db, {
      proposalId: proposal.id,
      submittedAt: new Date('2026-06-10T03:00:00Z'),
      roadTypeIds: types.map((type) => type.id),
      lines: [
        { position: 1, items: [{ name: 'Paving K-300', unitPrice: 210_000, long: '10', wide: '2' }] },
        { position: 0 },
      ],
    });
    const [, first] = survey.lines;
    expect(first).toBeDefined();

    const book = await workbookOf(
      (await exportCall({ startDate: '2026-06-01', endDate: '2026-06-30' })).rawPayload,
    );
    const [row] = book.rowsOf('Hasil Survey');
    expect(row).toMatchObject({
      Pengusul: 'Gita Dua Ruas',
      'Jenis Pekerjaan': 'Normalisasi Saluran, Rehabilitasi',
      'Item ASB (Panjang × Lebar × Harga Satuan = Biaya)':
        'Ruas 2 - Paving K-300: 10 m × 2 m × Rp 210.000 = Rp 4.200.000',
      'Total Biaya': 4_200_000,
      RT: '-',
    });
    expect(book.rowsOf('Item ASB')).toEqual([
      expect.objectContaining({ Ruas: 2, 'Item ASB': 'Paving K-300' }),
    ]);
  });

  it('writes text as typed, with no apostrophe, and never as a formula', async () => {
    const content = (await exportCall({})).rawPayload;
    const book = await workbookOf(content);
    const typed = {
      Pengusul: '=HYPERLINK("http://evil.test","klik")',
      'No HP': '+62 812-3456-7890',
      Alamat: '@mention',
      'Saluran Eksisting': '-',
      'Kondisi Saluran': '=SUM(A1)',
    };
    const cells = book.cellsOf('Hasil Survey', 'ID Usulan', ids.formula);
    for (const [header, value] of Object.entries(typed)) {
      expect(cells[header]!.value, header).toBe(value);
      expect(cells[header]!.type, header).toBe(ExcelJS.ValueType.String);
      expect(cells[header]!.formula, header).toBeUndefined();
    }
    const item = book.cellsOf('Item ASB', 'ID Usulan', ids.formula);
    expect(item.Pengusul!.value).toBe(typed.Pengusul);
    expect(item.Pengusul!.type).toBe(ExcelJS.ValueType.String);
    // Nor is a formula anywhere in the file's sheets.
    const sheets = [...(await zipEntries(content))].filter(([name]) =>
      name.startsWith('xl/worksheets/sheet'),
    );
    expect(sheets).toHaveLength(2);
    for (const [name, xml] of sheets) expect(xml.toString(), name).not.toMatch(/<f[\s>/]/);
  });

  it("takes days in the office's time zone and districts as chosen", async () => {
    const april = await workbookOf(
      (await exportCall({ startDate: '2026-04-01', endDate: '2026-04-30' })).rawPayload,
    );
    expect(april.rowsOf('Hasil Survey').map((row) => row['ID Usulan'])).toEqual([ids.lateNight]);
    const east = await workbookOf((await exportCall({ districtId: [otherDistrictId] })).rawPayload);
    expect(east.rowsOf('Hasil Survey').map((row) => row.Pengusul)).toEqual(['Eko Timur']);
  });

  it("answers 'Data tidak ditemukan!' when nothing is in range", async () => {
    const none = await exportCall({ startDate: '2025-01-01', endDate: '2025-01-31' });
    expect(none.statusCode).toBe(400);
    expect(none.json().status.message).toBe(SURVEY_EXPORT_MESSAGES.noData);
  });

  it('checks the form with the spec messages', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api-web/export', headers: admin, payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      startDate: [SURVEY_EXPORT_MESSAGES.startDate],
      endDate: [SURVEY_EXPORT_MESSAGES.endDate],
      districtId: [SURVEY_EXPORT_MESSAGES.districts],
    });
    expect((await exportCall({ districtId: [] })).json().errors.districtId).toEqual([
      SURVEY_EXPORT_MESSAGES.districts,
    ]);
    expect((await exportCall({ startDate: '2026-04-01' })).json().errors.startDate).toEqual([
      SURVEY_EXPORT_MESSAGES.dateRange,
    ]);
    expect((await exportCall({ option: 'pdf' as never })).json().errors.option).toEqual([
      SURVEY_EXPORT_MESSAGES.option,
    ]);
  });
});

describe('POST export (photos)', () => {
  it("'foto' zips one folder per proposal with its photos, byte for byte", async () => {
    const response = await exportCall({ option: 'foto' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('Hasil Survey.zip');
    const entries = await zipEntries(response.rawPayload);
    expect([...entries.keys()].every((name) => name.startsWith('Foto/'))).toBe(true);
    expect(entries.size).toBe(3);
    for (const content of entries.values()) expect(content.equals(PHOTO)).toBe(true);
  });

  it("'all' holds the workbook beside the photos it names, each row linked to its photos' folder", async () => {
    const entries = await zipEntries((await exportCall({ option: 'all' })).rawPayload);
    const workbook = entries.get('Hasil Survey.xlsx');
    expect(workbook).toBeDefined();
    const book = await workbookOf(workbook!);
    const rows = book.rowsOf('Hasil Survey');
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const cell = book.cellsOf('Hasil Survey', 'ID Usulan', row['ID Usulan']).Foto!;
      expect(cell.type).toBe(ExcelJS.ValueType.Hyperlink);
      expect(cell.font).toMatchObject({ underline: true });
      const link = cell.hyperlink;
      // Relative to the workbook: no scheme, no root, no way up.
      expect(link).toMatch(/^Foto\/[^/]+$/);
      const folder = link.split('/').map(decodeURIComponent).join('/');
      const listed = cell.text.split('\n');
      expect(listed.length).toBeGreaterThan(0);
      for (const photo of listed) expect(entries.has(photo), photo).toBe(true);
      expect([...entries.keys()].filter((name) => name.startsWith(`${folder}/`))).toEqual(listed);
    }
  });
});

describe('POST export (a failure while streaming)', () => {
  it('ends the download as failed, never as a good file, when a photo is missing from storage', async () => {
    const may = { startDate: '2026-05-01', endDate: '2026-05-31' };
    for (const option of ['foto', 'all'] as const) {
      await expect(exportCall({ ...may, option })).rejects.toThrow();
    }
    // The workbook alone needs no photo file.
    expect((await exportCall({ ...may, option: '.xlsx' })).statusCode).toBe(200);
  });
});

describe('POST export (who may export what)', () => {
  it('refuses structural and umum', async () => {
    for (const role of ['structural', 'umum'] as const) {
      expect((await exportCall({}, (await t.signIn(role)).headers)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api-web/export', payload: MARCH })).statusCode).toBe(
      401,
    );
  });

  it('lets an internal consultant export only its own surveys of its own district', async () => {
    const own = await exportCall(
      { districtId: [internal.districtId], consultantId: internal.consultantId },
      internal.headers,
    );
    expect(own.statusCode, own.body).toBe(200);
    const rows = (await workbookOf(own.rawPayload)).rowsOf('Hasil Survey');
    expect(rows.map((row) => row['ID Usulan'])).toEqual([ids.formula, ids.twice]);
    const otherDistrict = await exportCall({ districtId: [otherDistrictId] }, internal.headers);
    expect(otherDistrict.statusCode).toBe(403);
    expect(otherDistrict.json().status.message).toBe(SURVEY_EXPORT_MESSAGES.ownDistrictOnly);
    const otherConsultant = await exportCall(
      { districtId: [internal.districtId], consultantId: external.consultantId },
      internal.headers,
    );
    expect(otherConsultant.statusCode).toBe(403);
    expect(otherConsultant.json().status.message).toBe(SURVEY_EXPORT_MESSAGES.ownSurveysOnly);
  });

  it('lets an external consultant export its own surveys in any district, and nobody else’s', async () => {
    const response = await exportCall({}, external.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect((await workbookOf(response.rawPayload)).rowsOf('Hasil Survey').map((row) => row.Pengusul)).toEqual(
      ['Eko Timur'],
    );
    const onlyOthers = await exportCall({ districtId: [internal.districtId] }, external.headers);
    expect(onlyOthers.statusCode).toBe(400);
    expect(onlyOthers.json().status.message).toBe(SURVEY_EXPORT_MESSAGES.noData);
  });
});

describe('the export as a background job (POST export/jobs)', () => {
  const queueExport = (body: Partial<TSurveyExportInput>, headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api-web/export/jobs',
      headers,
      payload: { ...MARCH, districtId: [internal.districtId, otherDistrictId], ...body },
    });
  const download = (url: string, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'GET', url, headers });

  it('writes the same workbook as POST export, counting the surveys of both sheets as its progress', async () => {
    const queued = await queueExport({});
    expect(queued.statusCode, queued.body).toBe(202);
    const job = await waitForJob(t.app, admin, queued.json().data.id);
    expect(job.status).toBe('done');
    expect(job.progress).toEqual({ step: JOB_STEPS.done, done: 6, total: 6 });
    expect(job.fileUrl).toBe(`/api-web/jobs/${job.id}/file`);
    const file = await download(job.fileUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Hasil Survey.xlsx');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(job.result).toEqual({ fileName: 'Hasil Survey.xlsx', size: file.rawPayload.length });
    const fromJob = await workbookOf(file.rawPayload);
    const direct = await workbookOf((await exportCall({})).rawPayload);
    expect(fromJob.names).toEqual(direct.names);
    for (const name of direct.names) expect(fromJob.rowsOf(name)).toEqual(direct.rowsOf(name));
  });

  it("zips 'all' with its photos byte for byte, downloadable with ?token= as a plain link", async () => {
    const job = await waitForJob(t.app, admin, (await queueExport({ option: 'all' })).json().data.id);
    const token = admin.authorization!.slice('Bearer '.length);
    const file = await download(`${job.fileUrl}?token=${token}`, {});
    expect(file.statusCode).toBe(200);
    const entries = await zipEntries(file.rawPayload);
    expect(entries.has('Hasil Survey.xlsx')).toBe(true);
    const photos = [...entries.entries()].filter(([name]) => name.startsWith('Foto/'));
    expect(photos).toHaveLength(3);
    for (const [, content] of photos) expect(content.equals(PHOTO)).toBe(true);
  });

  it('keeps a consultant to its own surveys, and its file to itself and the admins', async () => {
    const queued = await queueExport(
      { districtId: [internal.districtId], consultantId: internal.consultantId },
      internal.headers,
    );
    const job = await waitForJob(t.app, internal.headers, queued.json().data.id);
    const rows = (await workbookOf((await download(job.fileUrl!, internal.headers)).rawPayload)).rowsOf(
      'Hasil Survey',
    );
    expect(rows.map((row) => row['ID Usulan'])).toEqual([ids.formula, ids.twice]);
    expect((await download(job.fileUrl!, admin)).statusCode).toBe(200);
    expect((await download(job.fileUrl!, external.headers)).statusCode).toBe(404);
    expect((await download(`/api-web/jobs/${job.id}`, external.headers)).statusCode).toBe(404);
    const otherDistrict = await queueExport({ districtId: [otherDistrictId] }, internal.headers);
    expect(otherDistrict.statusCode).toBe(403);
  });

  it("answers 'Data tidak ditemukan!' at once and queues nothing when nothing is in range", async () => {
    const before = (await t.db.select().from(backgroundJobs)).length;
    const response = await queueExport({ startDate: '2020-01-01', endDate: '2020-01-31' });
    expect(response.statusCode).toBe(400);
    expect(response.json().status.message).toBe(SURVEY_EXPORT_MESSAGES.noData);
    expect((await t.db.select().from(backgroundJobs)).length).toBe(before);
  });

  it('fails with a message, and leaves no file, when a photo is missing from storage', async () => {
    const queued = await queueExport({ startDate: '2026-05-01', endDate: '2026-05-31', option: 'foto' });
    const job = await waitForJob(t.app, admin, queued.json().data.id);
    expect(job).toMatchObject({ status: 'failed', message: JOB_MESSAGES.failed, fileUrl: null });
    const kept = (await t.app.ctx.storage.listKeys()).filter((key) => key.startsWith(`jobs/${job.id}`));
    expect(kept).toEqual([]);
  });

  it(`removes the file ${JOB_FILE_KEEP_HOURS} hours after it was made; the link then says so`, async () => {
    const job = await waitForJob(t.app, admin, (await queueExport({})).json().data.id);
    const dayAgo = new Date(Date.now() - (JOB_FILE_KEEP_HOURS + 1) * 3600_000);
    await t.db.update(backgroundJobs).set({ finishedAt: dayAgo }).where(eq(backgroundJobs.id, job.id));
    await t.app.ctx.jobs.removeSpentFiles();
    const gone = await download(job.fileUrl!);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().status.message).toBe(JOB_MESSAGES.fileGone);
    const kept = (await t.app.ctx.storage.listKeys()).filter((key) => key.startsWith(`jobs/${job.id}`));
    expect(kept).toEqual([]);
  });
});
