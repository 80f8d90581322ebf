import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { COMPLETED_WORK_LIMITS } from '@eusulan/shared';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { formatMegabytes, ImportRefused, ReasonList } from './completed-work-reasons.ts';

/** The layer found in a zip, extracted to files of our own naming in the work directory. */
export type ExtractedLayer =
  | {
      kind: 'shapefile';
      /** The name of the .shp inside the zip, for messages. */
      name: string;
      shp: string;
      dbf: string;
      prj: string | null;
      cpg: string | null;
    }
  | { kind: 'geojson' | 'kml'; name: string; path: string };

interface CheckedEntry {
  name: string;
  entry: Entry;
}

const UNIX_PLATFORMS = new Set([3, 19]); // Unix, OS X
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const LAYER_PARTS = [
  'shp',
  'shx',
  'dbf',
  'prj',
  'cpg',
  'sbn',
  'sbx',
  'qix',
  'qmd',
  'xml',
  'fix',
  'aih',
  'ain',
];

const extensionOf = (name: string) => {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};
const stemOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return (dot > name.lastIndexOf('/') ? name.slice(0, dot) : name).toLowerCase();
};
/** Resource forks and folders that macOS's Archive Utility adds: never part of the data. */
const isNoise = (name: string) =>
  name.startsWith('__MACOSX/') || name.slice(name.lastIndexOf('/') + 1).startsWith('._');
/** A name for a message: control characters dropped, shortened. */
const shown = (name: string) => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
};

/** Why an entry name cannot be extracted safely, or null. Backslashes are read as folders before this. */
function unsafeName(name: string): string | null {
  if (/^[a-zA-Z]:/.test(name) || name.startsWith('/')) {
    return `Nama berkas di dalam zip berupa path absolut: ${shown(name)}`;
  }
  if (name.split('/').includes('..')) return `Nama berkas di dalam zip mengandung '..': ${shown(name)}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    return `Nama berkas di dalam zip mengandung karakter kontrol: ${shown(name)}`;
  }
  return null;
}

const isSymlink = (entry: Entry) =>
  UNIX_PLATFORMS.has(entry.versionMadeBy >> 8) &&
  ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

function openZip(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      zipPath,
      // Names are decoded and checked here (decodeStrings off), so every bad entry is listed, not the first.
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    );
  });
}

/** Every entry of the central directory with its decoded name; stops early at the entry limit. */
function readEntries(zip: ZipFile): Promise<{ entries: CheckedEntry[] }> {
  return new Promise((resolve, reject) => {
    const entries: CheckedEntry[] = [];
    zip.on('entry', (entry: Entry) => {
      const raw = entry.fileName as unknown as Buffer;
      const name = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        raw,
        entry.extraFields,
        // strict: keep backslashes, turned into folders below where they are seen
        true,
      );
      // Zips made on Windows (the old Compressed Folders, some GIS tools) write 'data\\jalan.shp': the same
      // folder as 'data/jalan.shp'. Read that way, '..\\x' is '../x' and still refused by unsafeName.
      entries.push({ name: name.replaceAll('\\', '/'), entry });
      zip.readEntry();
    });
    zip.once('end', () => resolve({ entries }));
    zip.once('error', reject);
    zip.readEntry();
  });
}

/** The zip's limits checked on the central directory, so a zip bomb is refused before a byte is extracted. */
function checkEntries(entries: CheckedEntry[], reasons: ReasonList) {
  let declaredTotal = 0;
  for (const { name, entry } of entries) {
    const unsafe = unsafeName(name);
    if (unsafe) reasons.add(unsafe);
    if (isSymlink(entry)) reasons.add(`Zip berisi symlink: ${shown(name)}`);
    if (name.endsWith('/')) continue;
    if (entry.isEncrypted()) reasons.add(`Berkas terenkripsi (berpassword) tidak didukung: ${shown(name)}`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      reasons.add(`Metode kompresi berkas ${shown(name)} tidak didukung (gunakan zip biasa/deflate).`);
    }
    declaredTotal += entry.uncompressedSize;
    if (
      entry.uncompressedSize >= COMPLETED_WORK_LIMITS.ratioFloorBytes &&
      entry.uncompressedSize > Math.max(entry.compressedSize, 1) * COMPLETED_WORK_LIMITS.maxCompressionRatio
    ) {
      reasons.add(
        `Rasio kompresi ${shown(name)} melebihi ${COMPLETED_WORK_LIMITS.maxCompressionRatio}:1 (dicurigai zip bomb).`,
      );
    }
  }
  if (declaredTotal > COMPLETED_WORK_LIMITS.maxUncompressedBytes) {
    reasons.add(
      `Isi zip ${formatMegabytes(declaredTotal)} setelah diekstrak; maksimal ${formatMegabytes(COMPLETED_WORK_LIMITS.maxUncompressedBytes)}.`,
    );
  }
}

interface LayerChoice {
  /** 'kmz': a KMZ inside the zip, whose own layer is read next. */
  layer: { kind: ExtractedLayer['kind'] | 'kmz'; name: string };
  files: { role: string; entry: CheckedEntry }[];
}

/** A doc.kml that only points at other KML in the archive is at most this big. */
const DOC_KML_MAX_BYTES = 1024 * 1024;

/**
 * The KML layers a KMZ's doc.kml links to (GDAL's LIBKML writes doc.kml with a NetworkLink per layer in
 * layers/): the archive's KML files its <href>s name, relative to doc.kml's folder.
 */
async function linkedLayers(zip: ZipFile, doc: CheckedEntry, kmls: CheckedEntry[]) {
  if (doc.entry.uncompressedSize > DOC_KML_MAX_BYTES) return [];
  const chunks: Buffer[] = [];
  for await (const chunk of await openEntryStream(zip, doc.entry)) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const folder = doc.name.includes('/') ? doc.name.slice(0, doc.name.lastIndexOf('/') + 1) : '';
  const targets = new Set(
    [...text.matchAll(/<href>\s*([^<]+?)\s*<\/href>/gi)].map((match) =>
      path.posix.normalize(folder + (match[1] ?? '').replaceAll('\\', '/')),
    ),
  );
  return kmls.filter((kml) => kml !== doc && targets.has(kml.name));
}

/**
 * One layer per zip: a shapefile (its .shp and .dbf, with .prj and .cpg if there), one GeoJSON or KML (a
 * KMZ's doc.kml, or the one layer it links to), or a KMZ whose layer is read next (not inside a KMZ).
 */
async function chooseLayer(
  zip: ZipFile,
  entries: CheckedEntry[],
  reasons: ReasonList,
  insideKmz: boolean,
): Promise<LayerChoice | null> {
  const files = entries.filter(({ name }) => !name.endsWith('/') && !isNoise(name));
  const byExt = (ext: string) => files.filter(({ name }) => extensionOf(name) === ext);
  const shps = byExt('shp');
  const documents = [...byExt('geojson'), ...byExt('json'), ...byExt('kml')];
  if (shps.length > 1) {
    reasons.add(
      `Zip berisi ${shps.length} shapefile (${shps.map(({ name }) => shown(name)).join(', ')}); unggah satu layer per file.`,
    );
    return null;
  }
  const [shp] = shps;
  if (shp) {
    const sibling = (ext: string) =>
      files.find(({ name }) => stemOf(name) === stemOf(shp.name) && extensionOf(name) === ext);
    const dbf = sibling('dbf');
    if (!dbf) {
      reasons.add(`Berkas .dbf untuk ${shown(shp.name)} tidak ditemukan di dalam zip.`);
      return null;
    }
    const prj = sibling('prj');
    const cpg = sibling('cpg');
    return {
      layer: { kind: 'shapefile', name: shp.name },
      files: [
        { role: 'shp', entry: shp },
        { role: 'dbf', entry: dbf },
        ...(prj ? [{ role: 'prj', entry: prj }] : []),
        ...(cpg ? [{ role: 'cpg', entry: cpg }] : []),
      ],
    };
  }
  const orphan = files.find(({ name }) => LAYER_PARTS.includes(extensionOf(name)));
  if (orphan) {
    reasons.add(`Berkas .shp tidak ditemukan di dalam zip (ada ${shown(orphan.name)}).`);
    return null;
  }
  const doc = documents.find(({ name }) => name.slice(name.lastIndexOf('/') + 1).toLowerCase() === 'doc.kml');
  if (documents.length > 1 && doc) {
    const linked = await linkedLayers(zip, doc, byExt('kml'));
    if (linked.length > 1) {
      reasons.add(
        `KMZ berisi ${linked.length} layer (${linked.map(({ name }) => shown(name)).join(', ')}); unggah satu layer per file.`,
      );
      return null;
    }
    if (linked.length === 1) documents.splice(0, documents.length, ...linked);
  }
  if (documents.length > 1) {
    reasons.add(
      `Zip berisi ${documents.length} berkas GeoJSON/KML (${documents.map(({ name }) => shown(name)).join(', ')}); unggah satu layer per file.`,
    );
    return null;
  }
  const [document] = documents;
  if (!document) {
    const kmzs = byExt('kmz');
    const [kmz] = kmzs;
    if (kmz && kmzs.length === 1 && !insideKmz) {
      return { layer: { kind: 'kmz', name: kmz.name }, files: [{ role: 'kmz', entry: kmz }] };
    }
    if (kmzs.length > 1) {
      reasons.add(`Zip berisi ${kmzs.length} berkas KMZ; unggah satu layer per file.`);
      return null;
    }
    reasons.add(
      insideKmz && kmz
        ? `KMZ ${shown(kmz.name)} berisi KMZ lagi; simpan ulang sebagai satu KMZ atau KML.`
        : 'Zip tidak berisi shapefile (.shp, .shx, .dbf, .prj), GeoJSON, KML atau KMZ.',
    );
    return null;
  }
  const kind = extensionOf(document.name) === 'kml' ? 'kml' : 'geojson';
  if (document.entry.uncompressedSize > COMPLETED_WORK_LIMITS.maxDocumentBytes) {
    reasons.add(
      `Berkas ${shown(document.name)} ${formatMegabytes(document.entry.uncompressedSize)}; GeoJSON/KML maksimal ${formatMegabytes(COMPLETED_WORK_LIMITS.maxDocumentBytes)} (gunakan shapefile untuk data yang lebih besar).`,
    );
    return null;
  }
  return { layer: { kind, name: document.name }, files: [{ role: kind, entry: document }] };
}

/** Counts the bytes that really come out of an entry: declared sizes can lie. */
class ByteBudget {
  total = 0;

  meter(checked: CheckedEntry) {
    let written = 0;
    const { entry, name } = checked;
    const limit = Math.min(
      entry.uncompressedSize,
      Math.max(
        COMPLETED_WORK_LIMITS.ratioFloorBytes,
        entry.compressedSize * COMPLETED_WORK_LIMITS.maxCompressionRatio,
      ),
    );
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        written += chunk.length;
        this.total += chunk.length;
        if (written > limit || this.total > COMPLETED_WORK_LIMITS.maxUncompressedBytes) {
          callback(
            new ImportRefused([
              `Isi ${shown(name)} lebih besar dari yang tercatat di zip (dicurigai zip bomb).`,
            ]),
          );
          return;
        }
        callback(null, chunk);
      },
    });
  }
}

function openEntryStream(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream)));
  });
}

/**
 * Checks a zip (or a KMZ, which is one) and extracts its one layer into workDir (names of our own:
 * layer.shp, layer.dbf, ...). Throws ImportRefused with every reason found: an unreadable zip, unsafe names
 * ('..', absolute paths; backslashes are read as folders), symlinks, too many entries, too much data or a suspicious compression ratio (declared,
 * and counted while extracting), no layer or a shapefile without its .shp or .dbf.
 */
export async function extractLayer(
  zipPath: string,
  workDir: string,
  insideKmz = false,
): Promise<ExtractedLayer> {
  let zip: ZipFile;
  try {
    zip = await openZip(zipPath);
  } catch {
    throw new ImportRefused(['File bukan zip yang valid atau rusak.']);
  }
  try {
    if (zip.entryCount > COMPLETED_WORK_LIMITS.maxEntries) {
      throw new ImportRefused([
        `Zip berisi ${zip.entryCount.toLocaleString('id-ID')} berkas; maksimal ${COMPLETED_WORK_LIMITS.maxEntries.toLocaleString('id-ID')}.`,
      ]);
    }
    let entries: CheckedEntry[];
    try {
      ({ entries } = await readEntries(zip));
    } catch {
      throw new ImportRefused(['File bukan zip yang valid atau rusak.']);
    }
    const reasons = new ReasonList();
    checkEntries(entries, reasons);
    reasons.throwIfAny();
    const choice = await chooseLayer(zip, entries, reasons, insideKmz);
    reasons.throwIfAny();
    if (!choice) throw new ImportRefused(['Zip tidak berisi layer yang dapat dibaca.']);

    const budget = new ByteBudget();
    const extracted: Record<string, string> = {};
    for (const { role, entry } of choice.files) {
      const target = path.join(workDir, `layer.${role}`);
      try {
        await pipeline(
          await openEntryStream(zip, entry.entry),
          budget.meter(entry),
          createWriteStream(target),
        );
      } catch (error) {
        if (error instanceof ImportRefused) throw error;
        // yauzl counts the inflated bytes against the declared size (validateEntrySizes).
        if (/too many bytes|not enough bytes/.test((error as Error).message)) {
          throw new ImportRefused([
            `Isi ${shown(entry.name)} tidak sesuai dengan ukuran yang tercatat di zip (dicurigai zip bomb).`,
          ]);
        }
        throw new ImportRefused([
          `Berkas ${shown(entry.name)} di dalam zip rusak dan tidak dapat diekstrak.`,
        ]);
      }
      extracted[role] = target;
    }
    // A KMZ inside the zip: its own entries pass the same checks, then its layer is the zip's.
    if (choice.layer.kind === 'kmz') return await extractLayer(extracted.kmz as string, workDir, true);
    if (choice.layer.kind === 'shapefile') {
      return {
        kind: 'shapefile',
        name: choice.layer.name,
        shp: extracted.shp as string,
        dbf: extracted.dbf as string,
        prj: extracted.prj ?? null,
        cpg: extracted.cpg ?? null,
      };
    }
    return { kind: choice.layer.kind, name: choice.layer.name, path: extracted[choice.layer.kind] as string };
  } finally {
    zip.close();
  }
}
