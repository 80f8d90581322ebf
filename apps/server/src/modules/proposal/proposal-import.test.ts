import { PROPOSAL_IMPORT_COLUMNS, PROPOSAL_MESSAGES, type TImportError } from '@eusulan/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { filledImportTemplate, type ImportRow, openWorkbook } from '../../../test/import-workbook.ts';
import { fixture, multipart } from '../../../test/multipart.ts';
import { consultants, districts, proposals, roads, subdistricts, villages } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  const [district] = await t.db.insert(districts).values({ name: 'Surabaya Timur' }).returning();
  const subdistrictRows = await t.db
    .insert(subdistricts)
    .values([
      { name: 'Gubeng', districtId: district!.id },
      { name: 'Tambaksari', districtId: district!.id },
    ])
    .returning();
  await t.db.insert(villages).values([
    { name: 'Airlangga', subdistrictId: subdistrictRows[0]!.id },
    { name: 'Gading', subdistrictId: subdistrictRows[1]!.id },
    // The same name in two kecamatan: only "Nama - Kecamatan" tells them apart.
    { name: 'Kalijudan', subdistrictId: subdistrictRows[0]!.id },
    { name: 'Kalijudan', subdistrictId: subdistrictRows[1]!.id },
  ]);
  await t.db.insert(roads).values([{ name: 'Jalan Dharmawangsa' }, { name: 'Jalan Kertajaya' }]);
  await t.db.insert(consultants).values([
    { code: 'RYN-01', name: 'Rayon Timur', consultantType: 'internal', districtId: district!.id },
    { code: 'CV-02', name: 'CV Karya Jalan', consultantType: 'external' },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function downloadTemplate(proposalType: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api-web/proposal/export-template?proposalType=${proposalType}`,
    headers: admin,
  });
  return response;
}

type Row = ImportRow;
const GOOD_ROW: Row = [
  '17-08-2026',
  'Budi Santoso',
  '081234567890',
  'Jalan Dharmawangsa',
  'Airlangga - Gubeng',
  '01',
  '02',
  'Jl. Dharmawangsa 10',
  'RYN-01 - Rayon Timur',
];

const filledTemplate = (proposalType: string, rows: Row[]) =>
  filledImportTemplate(t, admin, proposalType, rows);

async function importFile(
  content: Buffer | string,
  name = 'usulan.xlsx',
  fields: Record<string, string> = {},
) {
  const body = await multipart(fields, { file: [{ name, content }] });
  return t.app.inject({
    method: 'POST',
    url: '/api-web/proposal/import-template',
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
}

const proposalCount = async () => (await t.db.select({ id: proposals.id }).from(proposals)).length;

describe('GET proposal/export-template', () => {
  it('is a real workbook with the headers, dropdowns of valid choices, lookup sheets and an example', async () => {
    const response = await downloadTemplate('pokir');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('Template Import Usulan Pokir.xlsx');
    const workbook = await openWorkbook(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Usulan',
      'Petunjuk',
      'Jalan',
      'Kelurahan',
      'Konsultan',
      'RT-RW',
    ]);
    const sheet = workbook.getWorksheet('Usulan')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(
      PROPOSAL_IMPORT_COLUMNS.map((c) => c.header),
    );
    expect(sheet.getCell('E2').dataValidation).toMatchObject({
      type: 'list',
      formulae: ["'Kelurahan'!$A$2:$A$5"],
    });
    expect(sheet.getCell('I500').dataValidation).toMatchObject({
      type: 'list',
      formulae: ["'Konsultan'!$A$2:$A$3"],
    });
    const villageList = workbook.getWorksheet('Kelurahan')!;
    expect(villageList.getCell('A2').value).toBe('Airlangga - Gubeng');
    const guide = workbook.getWorksheet('Petunjuk')!;
    expect(guide.getCell('B2').value).toBe('Pokir');
    const guideText = guide.getSheetValues().flat().join(' ');
    expect(guideText).toContain('Budi Santoso');
  });

  it('only for pokir and musrenbang, and only for admin', async () => {
    expect((await downloadTemplate('taruna')).statusCode).toBe(422);
    const umum = (await t.signIn('umum')).headers;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api-web/proposal/export-template?proposalType=pokir',
      headers: umum,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST proposal/import-template', () => {
  it('imports the filled template in one go, with the type of the template', async () => {
    const before = await proposalCount();
    const second: Row = [
      '2026-08-18',
      'Ani',
      '0315551234',
      null,
      'Kalijudan - Tambaksari',
      null,
      null,
      'Gg. Buntu',
      'CV Karya Jalan',
    ];
    const response = await importFile(await filledTemplate('musrenbang', [GOOD_ROW, second]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: { message: 'Import data Usulan' },
      data: { imported: 2 },
    });
    expect(await proposalCount()).toBe(before + 2);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api-web/proposal?proposalType=musrenbang',
      headers: admin,
    });
    const rows = list.json().data.data;
    expect(rows.map((row: { proposerName: string }) => row.proposerName).sort()).toEqual([
      'Ani',
      'Budi Santoso',
    ]);
    const budi = rows.find((row: { proposerName: string }) => row.proposerName === 'Budi Santoso');
    expect(budi).toMatchObject({
      proposalDate: '2026-08-17',
      rtNumber: '01',
      rwNumber: '02',
      road: { name: 'Jalan Dharmawangsa' },
      village: { name: 'Airlangga', subdistrict: { name: 'Gubeng' } },
      consultant: { name: 'Rayon Timur' },
      statusType: 'unverified',
    });
    const ani = rows.find((row: { proposerName: string }) => row.proposerName === 'Ani');
    expect(ani).toMatchObject({
      road: null,
      rtNumber: '-',
      village: { subdistrict: { name: 'Tambaksari' } },
    });
  });

  it('names every bad cell in Indonesian and stores nothing when one row is wrong', async () => {
    const before = await proposalCount();
    const rows: Row[] = [
      GOOD_ROW,
      ['31-02-2026', '', 'abc', 'Jalan Tidak Ada', 'Kalijudan', '123', '05', '', 'Tidak Dikenal'],
      [null, 'Tanpa RT', '081234567', null, 'Gading', null, '04', 'Alamat', 'CV-02'],
    ];
    const response = await importFile(await filledTemplate('pokir', rows));
    expect(response.statusCode).toBe(400);
    const errorList = response.json().data.errorList as TImportError[];
    expect(errorList.map((item) => item.excelRow)).toEqual([3, 4]);
    expect(errorList[0]!.errors).toEqual([
      'Jalan (D3): Jalan "Jalan Tidak Ada" tidak ditemukan atau tidak aktif.',
      'Kelurahan (E3): Kelurahan "Kalijudan" lebih dari satu, pilih dari daftar pada template.',
      'Konsultan (I3): Konsultan "Tidak Dikenal" tidak ditemukan atau tidak aktif.',
      'Tanggal Usulan (DD-MM-YYYY) (A3): Tanggal harus berformat DD-MM-YYYY dan merupakan tanggal yang ada.',
      `Nama Pengusul (B3): ${PROPOSAL_MESSAGES.proposerName}`,
      `No HP (C3): ${PROPOSAL_MESSAGES.phoneFormat}`,
      `RT (F3): ${PROPOSAL_MESSAGES.rtRw}`,
      `Alamat (H3): ${PROPOSAL_MESSAGES.address}`,
    ]);
    expect(errorList[1]!.errors).toEqual([
      'RW (G4): RW hanya boleh diisi jika RT diisi.',
      `Tanggal Usulan (DD-MM-YYYY) (A4): ${PROPOSAL_MESSAGES.date}`,
    ]);
    expect(await proposalCount()).toBe(before);
  });

  it('refuses a row whose internal consultant is the Rayon of another district', async () => {
    const [west] = await t.db.insert(districts).values({ name: 'Surabaya Barat' }).returning();
    await t.db
      .insert(consultants)
      .values({ code: 'RYN-03', name: 'Rayon Barat', consultantType: 'internal', districtId: west!.id });
    const before = await proposalCount();
    const outside: Row = [...GOOD_ROW.slice(0, 8), 'RYN-03 - Rayon Barat'] as Row;
    const external: Row = [...GOOD_ROW.slice(0, 8), 'CV-02 - CV Karya Jalan'] as Row;
    const response = await importFile(await filledTemplate('pokir', [GOOD_ROW, outside, external]));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().data.errorList).toEqual([
      { excelRow: 3, errors: [`Konsultan (I3): ${PROPOSAL_MESSAGES.consultantOutsideVillage}`] },
    ]);
    expect(await proposalCount()).toBe(before);
  });

  it('refuses a wrong sheet, wrong headers, an empty sheet and a type mismatch with an errorList', async () => {
    const wrongSheet = new ExcelJS.Workbook();
    wrongSheet.addWorksheet('Sheet1').addRow(['a', 'b']);
    const response = await importFile(Buffer.from(await wrongSheet.xlsx.writeBuffer()), 'lain.xlsx', {
      proposalType: 'pokir',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errorList).toEqual([
      {
        excelRow: null,
        errors: ['Sheet "Usulan" tidak ditemukan. Gunakan template dari tombol Download Template.'],
      },
    ]);

    const wrongHeaders = new ExcelJS.Workbook();
    wrongHeaders.addWorksheet('Usulan').addRow(['Tanggal', 'Nama']);
    const headers = await importFile(Buffer.from(await wrongHeaders.xlsx.writeBuffer()), 'x.xlsx', {
      proposalType: 'pokir',
    });
    expect(headers.json().data.errorList[0].excelRow).toBe(1);
    expect(headers.json().data.errorList[0].errors[0]).toBe(
      'Kolom A1 harus "Tanggal Usulan (DD-MM-YYYY)", bukan "Tanggal".',
    );

    const empty = await importFile(await filledTemplate('pokir', []));
    expect(empty.json().data.errorList).toEqual([
      { excelRow: null, errors: ['File tidak berisi data usulan.'] },
    ]);

    const mismatch = await importFile(await filledTemplate('pokir', [GOOD_ROW]), 'x.xlsx', {
      proposalType: 'musrenbang',
    });
    expect(mismatch.json().data.errorList[0].errors).toEqual([
      'Template ini untuk usulan Pokir, bukan Musrenbang.',
    ]);
  });

  it('takes only a real .xlsx: a renamed pdf or a text file is refused, a missing file asked for', async () => {
    const pdf = await importFile(fixture('surat-usulan.pdf').content, 'usulan.xlsx');
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors.files[0]).toContain(PROPOSAL_MESSAGES.fileType);
    const text = await importFile('Tanggal,Nama\n', 'usulan.xlsx');
    expect(text.statusCode).toBe(422);
    const body = await multipart({ proposalType: 'pokir' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api-web/proposal/import-template',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.file).toEqual([PROPOSAL_MESSAGES.importFileRequired]);
  });
});
