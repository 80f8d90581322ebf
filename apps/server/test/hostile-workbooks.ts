// Big and hostile .xlsx and .zip files for test/hostile-files-*.test.ts, written as streams so a million rows
// never sit in memory: a real workbook's own parts, with entries replaced or grown.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import JSZip from 'jszip';
import yazl from 'yazl';

/** An entry's new content: bytes, or text generated piece by piece (deflated natively as it comes). */
type EntryContent = Buffer | string | AsyncIterable<string>;

/** The zip at `target`: `zip`'s entries, with `replace` put in (replacing or added). */
export async function rezip(zip: Buffer, replace: Record<string, EntryContent>, target: string) {
  const source = await JSZip.loadAsync(zip);
  const out = new yazl.ZipFile();
  const kept = Object.values(source.files).filter((entry) => !entry.dir && !(entry.name in replace));
  for (const entry of kept) out.addBuffer(await entry.async('nodebuffer'), entry.name);
  for (const [name, content] of Object.entries(replace)) {
    if (typeof content === 'string' || Buffer.isBuffer(content)) out.addBuffer(Buffer.from(content), name);
    else out.addReadStream(Readable.from(content), name, { compressionLevel: 1 });
  }
  out.end();
  await pipeline(out.outputStream, createWriteStream(target));
}

/** The zip path of a workbook's sheet, by name, read from workbook.xml and its relationships. */
export async function sheetPath(workbook: Buffer, sheetName: string) {
  const zip = await JSZip.loadAsync(workbook);
  const text = (name: string) => zip.file(name)?.async('string') ?? Promise.resolve('');
  const sheet = new RegExp(`<sheet [^>]*name="${sheetName}"[^>]*r:id="(rId\\d+)"`).exec(
    await text('xl/workbook.xml'),
  );
  const target =
    sheet &&
    new RegExp(`Id="${sheet[1]}"[^>]*Target="([^"]+)"`).exec(await text('xl/_rels/workbook.xml.rels'));
  if (!target?.[1]) throw new Error(`no sheet ${sheetName} in the workbook`);
  return `xl/${target[1]}`;
}

/**
 * Writes `workbook` (a real .xlsx) to `target` with its `sheetName` sheet holding `rows` data rows: the
 * sheet's own data rows repeated in turn, generated and deflated (zlib level 1) as they go, so the rows are
 * never held whole. Row and cell references are optional in SpreadsheetML (ECMA-376 §18.3.1.4, §18.3.1.73)
 * and Excel opens a sheet without them; left out, a row is the same text wherever it stands and a million
 * cost no string work. exceljs needs them, so `references` keeps them, renumbered.
 */
export async function workbookWithRows(
  workbook: Buffer,
  sheetName: string,
  rows: number,
  target: string,
  options: { references?: boolean } = {},
) {
  const grownPath = await sheetPath(workbook, sheetName);
  const sheet = (await (await JSZip.loadAsync(workbook)).file(grownPath)?.async('string')) ?? '';
  const dataStart = sheet.indexOf('<sheetData>') + '<sheetData>'.length;
  const dataEnd = sheet.indexOf('</sheetData>');
  const [header, ...samples] = sheet.slice(dataStart, dataEnd).match(/<row [\s\S]*?<\/row>/g) ?? [];
  if (!header || !samples.length) throw new Error(`the ${sheetName} sheet needs a header and a data row`);
  const patterns = samples.map((row) =>
    options.references
      ? row.replace(/ r="\d+"/, ' r="#"').replace(/ r="([A-Z]+)\d+"/g, ' r="$1#"')
      : row.replace(/ (r|spans|x14ac:dyDescent)="[^"]*"/g, ''),
  );
  const head = sheet
    .slice(0, dataStart)
    .replace(/<dimension ref="A1:([A-Z]+)\d+"\/>/, `<dimension ref="A1:$1${rows + 1}"/>`);

  async function* sheetXml() {
    yield head + header;
    const batch: string[] = [];
    for (let row = 2; row <= rows + 1; row++) {
      const pattern = patterns[row % patterns.length] as string;
      batch.push(options.references ? pattern.replaceAll('#', String(row)) : pattern);
      if (batch.length === 5000) yield batch.splice(0).join('');
    }
    yield batch.join('') + sheet.slice(dataEnd);
  }
  await rezip(workbook, { [grownPath]: sheetXml() }, target);
}

/**
 * The zip with one more entry, stored uncompressed, sized so the whole file is exactly `bytes` long: an
 * upload of a real .xlsx or .zip at (or one byte past) a route's limit. A stored entry adds its size to the
 * file and nothing else, so one small build tells the rest.
 */
export async function zipOfExactSize(zip: Buffer, bytes: number, paddingName: string) {
  const source = await JSZip.loadAsync(zip);
  const entries = await Promise.all(
    Object.values(source.files)
      .filter((entry) => !entry.dir)
      .map(async (entry) => ({ name: entry.name, content: await entry.async('nodebuffer') })),
  );
  const build = async (paddingBytes: number) => {
    const out = new yazl.ZipFile();
    const mtime = new Date(Date.UTC(2026, 0, 1));
    for (const entry of entries) out.addBuffer(entry.content, entry.name, { mtime });
    out.addBuffer(Buffer.alloc(paddingBytes), paddingName, { mtime, compress: false });
    out.end();
    const chunks: Buffer[] = [];
    for await (const chunk of out.outputStream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const exact = await build(bytes - (await build(0)).length);
  if (exact.length !== bytes) throw new Error(`zip of ${exact.length} bytes, wanted ${bytes}`);
  return exact;
}
