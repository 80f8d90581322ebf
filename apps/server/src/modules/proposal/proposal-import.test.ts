import { PROPOSAL_IMPORT_COLUMNS, PROPOSAL_MESSAGES, type TImportError } from '@eusulan/shared';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsultant, buildPlace } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  buildImportPlace,
  filledImportTemplate,
  GOOD_ROW,
  type ImportRow,
  openWorkbook,
} from '../../../test/import-workbook.ts';
import { fixture, multipart } from '../../../test/multipart.ts';
import { districts, proposals, roads, subdistricts, villages } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  const gubeng = await buildImportPlace(t.db);
  const tambaksari = await buildPlace(t.db, {
    districtId: gubeng.districtId,
    subdistrict: 'Tambaksari',
    village: 'Gading',
    road: 'Jalan Kertajaya',
  });
  // The same name in two kecamatan: only "Nama - Kecamatan" tells them apart.
  for (const { subdistrictId } of [gubeng, tambaksari]) {
    await buildPlace(t.db, { subdistrictId, village: 'Kalijudan', roadId: gubeng.roadId });
  }
  await buildConsultant(t.db, { code: 'CV-02', name: 'CV Karya Jalan' });
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
      'Jalan (D3): Jalan "Jalan Tidak Ada" tidak ditemukan atau tidak aktif; pilih dari daftar pada template.',
      'Kelurahan (E3): Kelurahan "Kalijudan" ada di lebih dari satu kecamatan: "Kalijudan - Gubeng" atau "Kalijudan - Tambaksari". Tulis salah satunya atau pilih dari daftar.',
      'Konsultan (I3): Konsultan "Tidak Dikenal" tidak ditemukan atau tidak aktif; pilih dari daftar pada template.',
      'Tanggal Usulan (DD-MM-YYYY) (A3): Tanggal "31-02-2026" tidak ada atau tidak berformat DD-MM-YYYY.',
      `Nama Pengusul (B3): ${PROPOSAL_MESSAGES.proposerName}`,
      `No HP (C3): ${PROPOSAL_MESSAGES.phoneFormat.replace(/\.$/, '')} (tertulis "abc").`,
      'RT (F3): RT/RW harus dua digit 00-99 (tertulis "123").',
      `Alamat (H3): ${PROPOSAL_MESSAGES.address}`,
    ]);
    expect(errorList[1]!.errors).toEqual([
      'Tanggal Usulan (DD-MM-YYYY) (A4): Tanggal usulan tidak boleh kosong.',
      'RW (G4): RW "04" hanya boleh diisi jika RT diisi.',
    ]);
    expect(await proposalCount()).toBe(before);
  });

  it('refuses a row whose internal consultant is the Rayon of another district', async () => {
    const [west] = await t.db.insert(districts).values({ name: 'Surabaya Barat' }).returning();
    await buildConsultant(t.db, { code: 'RYN-03', name: 'Rayon Barat', districtId: west!.id });
    const before = await proposalCount();
    const outside: Row = [...GOOD_ROW.slice(0, 8), 'RYN-03 - Rayon Barat'] as Row;
    const external: Row = [...GOOD_ROW.slice(0, 8), 'CV-02 - CV Karya Jalan'] as Row;
    const response = await importFile(await filledTemplate('pokir', [GOOD_ROW, outside, external]));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().data.errorList).toEqual([
      {
        excelRow: 3,
        errors: [
          'Konsultan (I3): Konsultan internal "RYN-03 - Rayon Barat" tidak melayani wilayah kelurahan "Airlangga - Gubeng".',
        ],
      },
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

describe('rows a clerk can fix from the messages', () => {
  const EXTERNAL = 'CV-02 - CV Karya Jalan';
  /** A good row on the external consultant, which serves every village. */
  const row = (overrides: Partial<Record<(typeof PROPOSAL_IMPORT_COLUMNS)[number]['key'], Row[number]>>) =>
    PROPOSAL_IMPORT_COLUMNS.map((column) =>
      column.key in overrides
        ? overrides[column.key]
        : ({
            proposalDate: '17-08-2026',
            proposerName: 'Sekretariat Dewan',
            phoneNumber: '081234567890',
            road: 'Jalan Raya Darmo',
            village: 'Sonokwijenan - Sukomanunggal',
            rtNumber: '01',
            rwNumber: '02',
            address: 'Jl. Yos Sudarso 18',
            consultant: EXTERNAL,
          }[column.key] ?? null),
    ) as Row;
  const errorsOf = async (rows: Row[]) => {
    const response = await importFile(await filledTemplate('pokir', rows));
    expect(response.statusCode, response.body).toBe(400);
    return response.json().data.errorList as TImportError[];
  };
  const stored = (names: string[]) =>
    t.db
      .select({
        proposerName: proposals.proposerName,
        phoneNumber: proposals.phoneNumber,
        road: roads.name,
        village: villages.name,
        subdistrict: subdistricts.name,
      })
      .from(proposals)
      .leftJoin(roads, eq(roads.id, proposals.roadId))
      .innerJoin(villages, eq(villages.id, proposals.villageId))
      .innerJoin(subdistricts, eq(subdistricts.id, villages.subdistrictId))
      .where(inArray(proposals.proposerName, names))
      .orderBy(proposals.proposerName);
  /** A calendar day as the sheet asks for it, DD-MM-YYYY, from YYYY-MM-DD. */
  const sheetDate = (iso: string) => iso.split('-').reverse().join('-');
  const dayIn = (timeZone: string, instant = new Date()) => instant.toLocaleDateString('en-CA', { timeZone });

  beforeAll(async () => {
    const rungkut = await buildPlace(t.db, {
      district: 'Surabaya Selatan',
      subdistrict: 'Rungkut',
      village: 'Wonorejo',
      road: 'Jalan Raya Darmo',
    });
    const { districtId, roadId } = rungkut;
    await buildPlace(t.db, { districtId, roadId, subdistrict: 'Tegalsari', village: 'Wonorejo' });
    await buildPlace(t.db, { districtId, roadId, subdistrict: 'Sukomanunggal', village: 'Sonokwijenan' });
  });

  it('lists the kecamatan of every village an ambiguous name could be', async () => {
    const errorList = await errorsOf([row({ village: 'Wonorejo' }), row({ village: 'Kelurahan Wonorejo' })]);
    expect(errorList).toEqual([
      {
        excelRow: 2,
        errors: [
          'Kelurahan (E2): Kelurahan "Wonorejo" ada di lebih dari satu kecamatan: "Wonorejo - Rungkut" atau "Wonorejo - Tegalsari". Tulis salah satunya atau pilih dari daftar.',
        ],
      },
      {
        excelRow: 3,
        errors: [
          'Kelurahan (E3): Kelurahan "Kelurahan Wonorejo" ada di lebih dari satu kecamatan: "Wonorejo - Rungkut" atau "Wonorejo - Tegalsari". Tulis salah satunya atau pilih dari daftar.',
        ],
      },
    ]);
  });

  it('matches roads written with Jl./Jln./Jalan and villages with Kel./Kelurahan (and Kec.)', async () => {
    const rows = [
      row({ proposerName: 'Prefiks 1', road: 'Jl. Raya Darmo', village: 'Kel. Sonokwijenan' }),
      row({ proposerName: 'Prefiks 2', road: 'Jln. Raya Darmo', village: 'Kelurahan Sonokwijenan' }),
      row({ proposerName: 'Prefiks 3', road: 'JL.Raya  Darmo', village: 'Kelurahan Airlangga' }),
      row({ proposerName: 'Prefiks 4', road: 'jalan raya darmo', village: 'Kel. Wonorejo - Kec. Rungkut' }),
    ];
    const response = await importFile(await filledTemplate('pokir', rows));
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored(['Prefiks 1', 'Prefiks 2', 'Prefiks 3', 'Prefiks 4'])).toMatchObject([
      { road: 'Jalan Raya Darmo', village: 'Sonokwijenan' },
      { road: 'Jalan Raya Darmo', village: 'Sonokwijenan' },
      { road: 'Jalan Raya Darmo', village: 'Airlangga' },
      { road: 'Jalan Raya Darmo', village: 'Wonorejo', subdistrict: 'Rungkut' },
    ]);
  });

  it('suggests the closest records for a name that matches none', async () => {
    const errorList = await errorsOf([
      row({ road: 'Jalan Raya Darmi', village: 'Kel. Sonokwijenen', consultant: 'CV Karya Jalam' }),
      row({ road: 'Jalan Tanpa Kemiripan Apapun' }),
    ]);
    expect(errorList).toEqual([
      {
        excelRow: 2,
        errors: [
          'Jalan (D2): Jalan "Jalan Raya Darmi" tidak ditemukan atau tidak aktif. Mungkin maksudnya "Jalan Raya Darmo"?',
          'Kelurahan (E2): Kelurahan "Kel. Sonokwijenen" tidak ditemukan atau tidak aktif. Mungkin maksudnya "Sonokwijenan - Sukomanunggal"?',
          'Konsultan (I2): Konsultan "CV Karya Jalam" tidak ditemukan atau tidak aktif. Mungkin maksudnya "CV-02 - CV Karya Jalan"?',
        ],
      },
      {
        excelRow: 3,
        errors: [
          'Jalan (D3): Jalan "Jalan Tanpa Kemiripan Apapun" tidak ditemukan atau tidak aktif; pilih dari daftar pada template.',
        ],
      },
    ]);
  });

  it('keeps a landline as written and gives a phone typed as a number its leading zero', async () => {
    const rows = [
      row({ proposerName: 'Telepon 1', phoneNumber: ' (031) 8291234 ' }),
      row({ proposerName: 'Telepon 2', phoneNumber: 81234567890 }),
      row({ proposerName: 'Telepon 3', phoneNumber: 318291234 }),
      row({ proposerName: 'Telepon 4', phoneNumber: 6281234567890 }),
    ];
    const response = await importFile(await filledTemplate('musrenbang', rows));
    expect(response.statusCode, response.body).toBe(200);
    expect(
      (await stored(['Telepon 1', 'Telepon 2', 'Telepon 3', 'Telepon 4'])).map((r) => r.phoneNumber),
    ).toEqual(['(031) 8291234', '081234567890', '0318291234', '6281234567890']);
  });

  it("refuses a date after the office's today with the date quoted, and a bad date once", async () => {
    const tomorrow = sheetDate(dayIn('Asia/Jakarta', new Date(Date.now() + 86_400_000)));
    const today = sheetDate(dayIn('Asia/Jakarta'));
    const errorList = await errorsOf([
      row({ proposalDate: tomorrow }),
      row({ proposalDate: '01-03-2027' }),
      row({ proposalDate: 'kemarin' }),
    ]);
    const dateColumn = 'Tanggal Usulan (DD-MM-YYYY)';
    expect(errorList).toEqual([
      {
        excelRow: 2,
        errors: [
          `${dateColumn} (A2): Tanggal "${tomorrow}" setelah hari ini (${today}); tanggal usulan tidak boleh melewati hari ini.`,
        ],
      },
      {
        excelRow: 3,
        errors: [
          `${dateColumn} (A3): Tanggal "01-03-2027" setelah hari ini (${today}); tanggal usulan tidak boleh melewati hari ini.`,
        ],
      },
      {
        excelRow: 4,
        errors: [`${dateColumn} (A4): Tanggal "kemarin" tidak ada atau tidak berformat DD-MM-YYYY.`],
      },
    ]);
  });

  it("judges today on the office's calendar (TIME_ZONE), not on UTC's", async () => {
    // A zone whose calendar day differs from UTC's at this hour: at 10:00 UTC or later Kiritimati (UTC+14) is
    // already on UTC's tomorrow; before it Pago Pago (UTC-11) is still on UTC's yesterday.
    const now = new Date();
    const timeZone = now.getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const officeToday = dayIn(timeZone, now);
    const officeTomorrow = dayIn(timeZone, new Date(now.getTime() + 86_400_000));
    expect(officeToday).not.toBe(dayIn('UTC', now));
    const office = await createTestApp({ TIME_ZONE: timeZone });
    try {
      const headers = (await office.signIn('admin')).headers;
      await buildPlace(office.db, { village: 'Pusat' });
      await buildConsultant(office.db, { code: 'CV-09', name: 'CV Kota' });
      const send = async (rows: Row[]) => {
        const body = await multipart(
          {},
          {
            file: [
              { name: 'usulan.xlsx', content: await filledImportTemplate(office, headers, 'pokir', rows) },
            ],
          },
        );
        return office.app.inject({
          method: 'POST',
          url: '/api-web/proposal/import-template',
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        });
      };
      const officeRow = (date: string) =>
        row({ proposalDate: sheetDate(date), road: null, village: 'Pusat', consultant: 'CV-09' });
      const refused = await send([officeRow(officeTomorrow)]);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().data.errorList[0].errors).toEqual([
        `Tanggal Usulan (DD-MM-YYYY) (A2): Tanggal "${sheetDate(officeTomorrow)}" setelah hari ini (${sheetDate(officeToday)}); tanggal usulan tidak boleh melewati hari ini.`,
      ]);
      const accepted = await send([officeRow(officeToday)]);
      expect(accepted.statusCode, accepted.body).toBe(200);
    } finally {
      await office.close();
    }
  });

  it('quotes the refused value in every message', async () => {
    const longName = `Pengusul ${'panjang '.repeat(30)}`.trim();
    const longAddress = 'Alamat '.repeat(200).trim();
    const bad = {
      proposalDate: '32-13-2026',
      proposerName: longName,
      phoneNumber: 'telepon rumah',
      road: 'Gang Buntu Sekali',
      village: 'Desa Entah',
      rtNumber: '7a',
      rwNumber: 'b',
      address: longAddress,
      consultant: 'Konsultan Entah',
    };
    const [rowErrors] = await errorsOf([row(bad)]);
    expect(rowErrors!.errors).toHaveLength(PROPOSAL_IMPORT_COLUMNS.length);
    PROPOSAL_IMPORT_COLUMNS.forEach((column, index) => {
      const value = bad[column.key];
      const shown = value.length > 60 ? `"${value.slice(0, 60)}…"` : `"${value}"`;
      const message = rowErrors!.errors.find((error) => error.startsWith(`${column.header} (`));
      expect(message, `${column.header} ${index}`).toContain(shown);
    });
  });
});

describe('the same workbook twice', () => {
  const REPEATED =
    /^Berkas ini sudah pernah diimpor oleh .+ \(usulan-ulang\.xlsx, 1 usulan\); data yang sama tidak diimpor dua kali\.$/;
  const queue = async (content: Buffer) => {
    const body = await multipart({}, { file: [{ name: 'usulan-ulang.xlsx', content }] });
    return t.app.inject({
      method: 'POST',
      url: '/api-web/proposal/import-template/jobs',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
  };

  it('stores its proposals once: the second upload, direct or queued, is refused with 409', async () => {
    const workbook = await filledTemplate('pokir', [GOOD_ROW]);
    const before = await proposalCount();
    expect((await importFile(workbook, 'usulan-ulang.xlsx')).statusCode).toBe(200);
    expect(await proposalCount()).toBe(before + 1);

    const again = await importFile(workbook, 'usulan-ulang.xlsx');
    expect(again.statusCode).toBe(409);
    expect(again.json().status.message).toMatch(REPEATED);
    const queued = await queue(workbook);
    expect(queued.statusCode).toBe(409);
    expect(queued.json().status.message).toMatch(REPEATED);
    expect(await proposalCount()).toBe(before + 1);
  });

  it('stores once when two copies arrive together', async () => {
    const workbook = await filledTemplate('musrenbang', [GOOD_ROW]);
    const before = await proposalCount();
    const answers = await Promise.all([importFile(workbook), importFile(workbook)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await proposalCount()).toBe(before + 1);
  });
});
