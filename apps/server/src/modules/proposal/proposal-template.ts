import {
  type IMPORTABLE_PROPOSAL_TYPES,
  PROPOSAL_IMPORT_COLUMNS,
  PROPOSAL_IMPORT_SHEET,
  PROPOSAL_TYPE_NAMES,
} from '@eusulan/shared';
import ExcelJS from 'exceljs';
import { columnLetter, GUIDE_SHEET, GUIDE_TYPE_CELL, type ImportLookups } from './proposal-import.ts';
import { consultantLabel, villageLabel } from './proposal-import-names.ts';

type ImportType = (typeof IMPORTABLE_PROPOSAL_TYPES)[number];

/** exceljs supports range validations at run time; its typings only know the per-cell form. */
type SheetWithValidations = ExcelJS.Worksheet & {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
};

/** Rows of the Usulan sheet that get dropdowns; more rows can still be typed in. */
const VALIDATED_ROWS = 2000;
const RT_RW_OPTIONS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1565C0' } };

/**
 * The import template of one proposal type: an empty Usulan sheet with the headers the import reads and
 * dropdowns of the valid roads, villages, consultants and RT/RW, the lookup sheets those dropdowns use, and
 * a Petunjuk sheet with the instructions, the proposal type and an example row (kept out of the data
 * sheet, so an example left in place is never imported).
 */
export async function buildImportTemplate(proposalType: ImportType, lookups: ImportLookups): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'e-Usulan Jalan';
  workbook.created = new Date();

  const sheet = workbook.addWorksheet(PROPOSAL_IMPORT_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PROPOSAL_IMPORT_COLUMNS.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.key === 'address' ? 40 : column.key === 'rtNumber' || column.key === 'rwNumber' ? 8 : 28,
    // Phone numbers, RT and RW keep their leading zeros only as text.
    style: ['phoneNumber', 'rtNumber', 'rwNumber'].includes(column.key) ? { numFmt: '@' } : {},
  }));
  styleHeader(sheet.getRow(1));

  const guide = workbook.addWorksheet(GUIDE_SHEET);
  const lists = {
    road: addList(
      workbook,
      'Jalan',
      lookups.roads.map((road) => road.name),
    ),
    village: addList(workbook, 'Kelurahan', lookups.villages.map(villageLabel)),
    consultant: addList(workbook, 'Konsultan', lookups.consultants.map(consultantLabel)),
    rtRw: addList(workbook, 'RT-RW', RT_RW_OPTIONS),
  };

  const columnOf = (key: string) =>
    columnLetter(PROPOSAL_IMPORT_COLUMNS.findIndex((column) => column.key === key) + 1);
  const dropdown = (key: string, range: string | null, allowBlank: boolean, label: string) => {
    if (!range) return;
    (sheet as SheetWithValidations).dataValidations.add(
      `${columnOf(key)}2:${columnOf(key)}${VALIDATED_ROWS + 1}`,
      {
        type: 'list',
        allowBlank,
        formulae: [range],
        showErrorMessage: true,
        errorStyle: 'stop',
        errorTitle: 'Pilihan tidak valid',
        error: `Pilih ${label} dari daftar.`,
      },
    );
  };
  dropdown('road', lists.road, true, 'jalan');
  dropdown('village', lists.village, false, 'kelurahan');
  dropdown('consultant', lists.consultant, false, 'konsultan');
  dropdown('rtNumber', lists.rtRw, true, 'RT');
  dropdown('rwNumber', lists.rtRw, true, 'RW');

  guide.columns = [
    { width: 30 },
    { width: 30 },
    { width: 18 },
    { width: 24 },
    { width: 30 },
    { width: 8 },
    { width: 8 },
    { width: 40 },
    { width: 30 },
  ];
  guide.getCell('A1').value = `Template Import Usulan ${PROPOSAL_TYPE_NAMES[proposalType]}`;
  guide.getCell('A1').font = { bold: true, size: 14 };
  guide.getCell('A2').value = 'Jenis Usulan';
  guide.getCell(GUIDE_TYPE_CELL).value = PROPOSAL_TYPE_NAMES[proposalType];
  guide.getCell(GUIDE_TYPE_CELL).font = { bold: true };
  const instructions = [
    `Isi data pada sheet "${PROPOSAL_IMPORT_SHEET}" mulai baris 2. Jangan mengubah baris judul kolom.`,
    'Tanggal Usulan ditulis DD-MM-YYYY (misalnya 17-08-2026) atau sebagai tanggal Excel, paling lambat hari ini.',
    'Nama Pengusul, No HP, Kelurahan, Alamat dan Konsultan wajib diisi. Jalan, RT dan RW boleh kosong; RW hanya diisi jika RT diisi.',
    'No HP boleh nomor HP (08… atau +62 8…) atau telepon kantor dengan kode area, misalnya (031) 8291234.',
    'Pilih Jalan, Kelurahan, Konsultan, RT dan RW dari daftar pilihan pada setiap sel.',
    'Jika ada satu baris yang salah, tidak ada data yang disimpan; perbaiki baris yang disebutkan lalu upload ulang.',
    'Data yang diupload tidak akan menggantikan data yang sudah ada.',
  ];
  instructions.forEach((text, index) => {
    guide.getCell(`A${4 + index}`).value = `${index + 1}. ${text}`;
  });

  const exampleRow = 4 + instructions.length + 1;
  guide.getCell(`A${exampleRow}`).value = 'Contoh pengisian (jangan disalin ke baris judul):';
  guide.getCell(`A${exampleRow}`).font = { italic: true };
  const exampleHeader = guide.getRow(exampleRow + 1);
  exampleHeader.values = PROPOSAL_IMPORT_COLUMNS.map((column) => column.header);
  styleHeader(exampleHeader);
  guide.getRow(exampleRow + 2).values = [
    '17-08-2026',
    'Budi Santoso',
    '081234567890',
    lookups.roads[0]?.name ?? '',
    lookups.villages[0] ? villageLabel(lookups.villages[0]) : '',
    '01',
    '02',
    'Jl. Contoh No. 1',
    lookups.consultants[0] ? consultantLabel(lookups.consultants[0]) : '',
  ];

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function styleHeader(row: ExcelJS.Row) {
  row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
}

/** A one-column lookup sheet; answers the absolute range a list validation refers to. */
function addList(workbook: ExcelJS.Workbook, name: string, items: string[]): string | null {
  const sheet = workbook.addWorksheet(name);
  sheet.getColumn(1).width = 48;
  sheet.getCell('A1').value = name;
  sheet.getCell('A1').font = { bold: true };
  items.forEach((item, index) => {
    const cell = sheet.getCell(`A${index + 2}`);
    cell.value = item;
    cell.numFmt = '@';
  });
  return items.length ? `'${name}'!$A$2:$A$${items.length + 1}` : null;
}
