import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DOMParser } from '@xmldom/xmldom';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export interface WorkbookScanLimits {
  maxEntries: number;
  /** Inflated bytes of all entries together, counted as they come out (declared sizes can lie). */
  maxUncompressedBytes: number;
  /** The sheet whose rows are counted. */
  isCountedSheet: (sheetName: string) => boolean;
  /** Rows holding a value in that sheet, its header row included; reading stops at one more. */
  maxValuedRows: number;
}

export type WorkbookScan = 'ok' | 'unreadable' | 'too-large' | 'too-many-rows';

/** workbook.xml and its relationships are small; anything bigger is not a workbook we read. */
const MAX_INDEX_BYTES = 1024 * 1024;
/** An unfinished tag longer than this is no row or value tag: dropped rather than carried on. */
const MAX_CARRY = 64 * 1024;

class StopReading extends Error {}

function openZip(filePath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) =>
      error || !zip ? reject(error) : resolve(zip),
    );
  });
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream)));
  });
}

/**
 * Counts, as a worksheet's XML streams past, the rows that hold a value (a `<v>` or an inline `<is>`):
 * styled but empty rows are not data. Tags are found by pattern, without building a document.
 */
class ValuedRowCounter {
  rows = 0;
  private inRow = false;
  private rowHasValue = false;
  private carry = '';
  private static readonly TAG = /<(\/?)(?:[\w.-]+:)?(row|v|is)(?=[\s/>])[^>]*?(\/?)>/g;

  push(chunk: Buffer) {
    let text = this.carry + chunk.toString('latin1');
    const open = text.lastIndexOf('<');
    this.carry = '';
    if (open > text.lastIndexOf('>')) {
      this.carry = text.length - open <= MAX_CARRY ? text.slice(open) : '';
      text = text.slice(0, open);
    }
    for (const [, closing, name, selfClosing] of text.matchAll(ValuedRowCounter.TAG)) {
      if (name === 'row') {
        if (closing) {
          if (this.inRow && this.rowHasValue) this.rows += 1;
          this.inRow = false;
        } else if (!selfClosing) {
          this.inRow = true;
          this.rowHasValue = false;
        }
      } else if (!closing && !selfClosing && this.inRow) {
        this.rowHasValue = true;
      }
    }
  }
}

/** The zip path of each sheet, by the sheet's name, from workbook.xml and its relationships. */
function sheetPaths(workbookXml: string, relsXml: string): Map<string, string> {
  const parse = (xml: string) =>
    new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(xml, 'text/xml');
  const targets = new Map<string, string>();
  for (const relation of Array.from(parse(relsXml).getElementsByTagNameNS('*', 'Relationship'))) {
    const id = relation.getAttribute('Id');
    const target = relation.getAttribute('Target');
    if (!id || !target) continue;
    targets.set(
      id,
      target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join('xl', target)),
    );
  }
  const paths = new Map<string, string>();
  for (const sheet of Array.from(parse(workbookXml).getElementsByTagNameNS('*', 'sheet'))) {
    const relationId = Array.from(sheet.attributes).find((attribute) => attribute.localName === 'id');
    const target = relationId && targets.get(relationId.value);
    const name = sheet.getAttribute('name');
    if (name && target) paths.set(name, target);
  }
  return paths;
}

/**
 * Looks at an .xlsx before a spreadsheet library loads it whole: the number of entries, the bytes that
 * really come out of them (every entry is inflated once and counted, so neither a zip bomb nor a size that
 * lies reaches the library), and the valued rows of one sheet, read only until there is one too many.
 */
export async function scanWorkbook(filePath: string, limits: WorkbookScanLimits): Promise<WorkbookScan> {
  let zip: ZipFile;
  try {
    zip = await openZip(filePath);
  } catch {
    return 'unreadable';
  }
  try {
    if (zip.entryCount > limits.maxEntries) return 'too-large';
    const entries = await readEntries(zip);
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    const byName = new Map(entries.map((entry) => [entry.fileName, entry]));

    let inflated = 0;
    const done = new Set<Entry>();
    const read = async (entry: Entry, consume: (chunk: Buffer) => void) => {
      done.add(entry);
      await pipeline(
        await openEntry(zip, entry),
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            inflated += chunk.length;
            if (inflated > limits.maxUncompressedBytes) return callback(new StopReading('too-large'));
            try {
              consume(chunk);
              callback();
            } catch (error) {
              callback(error as Error);
            }
          },
        }),
      );
    };
    const readText = async (name: string) => {
      const entry = byName.get(name);
      if (!entry || entry.uncompressedSize > MAX_INDEX_BYTES) return '';
      const chunks: Buffer[] = [];
      await read(entry, (chunk) => chunks.push(chunk));
      return Buffer.concat(chunks).toString('utf8');
    };

    // The counted sheet first: a sheet of a million rows is refused for its rows, after reading a few MB.
    const paths = sheetPaths(await readText('xl/workbook.xml'), await readText('xl/_rels/workbook.xml.rels'));
    const countedPath = [...paths].find(([name]) => limits.isCountedSheet(name))?.[1];
    const counted = countedPath ? byName.get(countedPath) : undefined;
    if (counted) {
      const counter = new ValuedRowCounter();
      await read(counted, (chunk) => {
        counter.push(chunk);
        if (counter.rows > limits.maxValuedRows) throw new StopReading('too-many-rows');
      });
    }
    if (declared > limits.maxUncompressedBytes) return 'too-large';
    for (const entry of entries) {
      if (!done.has(entry) && !entry.fileName.endsWith('/')) await read(entry, () => undefined);
    }
    return 'ok';
  } catch (error) {
    if (error instanceof StopReading) return error.message as WorkbookScan;
    // Damaged data, an entry bigger than it declares, or unreadable workbook XML.
    return 'unreadable';
  } finally {
    zip.close();
  }
}
