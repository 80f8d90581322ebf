import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * The printed survey report read back as a person would: its text per page (pdftotext), its page count
 * (pdfinfo), its pages as pictures (pdftoppm) and whether any page carries a block of colour at its foot.
 */

/** pdftotext's text with runs of white space (line ends, the non-breaking spaces of money) as one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

export const pdfText = (file: string) =>
  flat(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));

/**
 * The text in reading order (no -layout): a cell or caption that wraps stays one run of words, where the
 * layout mode would interleave it with the column beside it.
 */
export const readingText = (file: string) =>
  flat(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));

export const pageCount = (file: string) =>
  Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);

/** Each page's text, in order. */
export function pageTexts(file: string): string[] {
  return Array.from({ length: pageCount(file) }, (_, index) =>
    flat(
      execFileSync('pdftotext', ['-layout', '-f', String(index + 1), '-l', String(index + 1), file, '-'], {
        encoding: 'utf8',
      }),
    ),
  );
}

/** Prints the page as Chromium does with 'Background graphics' ticked, on A4 with the report's margins. */
export async function printReport(page: Page, file: string) {
  await page.pdf({ path: file, format: 'A4', preferCSSPageSize: true, printBackground: true });
}

/** Every page as a PNG at 60 dpi (prefix-1.png, ...), the older ones of the prefix removed first. */
export function renderPages(file: string, prefix: string): string[] {
  const directory = path.dirname(prefix);
  const stem = path.basename(prefix);
  const ours = () =>
    readdirSync(directory).filter((name) => name.startsWith(`${stem}-`) && name.endsWith('.png'));
  for (const old of ours()) rmSync(path.join(directory, old));
  execFileSync('pdftoppm', ['-png', '-r', '60', file, prefix]);
  return ours()
    .sort((a, b) => Number(/-(\d+)\.png$/.exec(a)?.[1]) - Number(/-(\d+)\.png$/.exec(b)?.[1]))
    .map((name) => path.join(directory, name));
}

/**
 * How much of the foot of each page's printable area (from 86 % to 93 % of its height, above the bottom
 * margin) is a flat light grey (243-249 of 255): the app's page colour, #f4f6fa, as it filled the rest of the
 * last page when printed with background graphics. Text and pictures are black, white and their edges; paper
 * is 255. Only the last page's foot is surely empty; the others may be written to the end.
 */
export function footGreyShare(file: string): number[] {
  const base = `${file}.foot`;
  execFileSync('pdftoppm', ['-gray', '-r', '30', file, base]);
  const directory = path.dirname(base);
  const stem = path.basename(base);
  const names = readdirSync(directory)
    .filter((name) => name.startsWith(`${stem}-`) && name.endsWith('.pgm'))
    .sort((a, b) => Number(/-(\d+)\.pgm$/.exec(a)?.[1]) - Number(/-(\d+)\.pgm$/.exec(b)?.[1]));
  return names.map((name) => {
    const bytes = readFileSync(path.join(directory, name));
    rmSync(path.join(directory, name));
    // A binary PGM: 'P5', width, height, maximum, then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 40).toString('latin1'));
    if (!header) throw new Error(`${name} is not a PGM`);
    const [width, height] = [Number(header[1]), Number(header[2])];
    const foot = bytes.subarray(
      header[0].length + Math.floor(height * 0.86) * width,
      header[0].length + Math.floor(height * 0.93) * width,
    );
    return foot.filter((value) => value >= 243 && value <= 249).length / foot.length;
  });
}

/** The Lampiran line's count: '3 (tiga) lembar' -> 3, '-' -> 0. */
export function lampiranCount(text: string): number {
  const match = /Lampiran : (?:(\d+) \(([a-z ]+)\) lembar|-)/.exec(text);
  if (!match) throw new Error('no Lampiran line in the letter');
  return Number(match[1] ?? 0);
}

/** Pages headed as an attachment of the letter ('Lampiran I Laporan Hasil Survey Lapangan Nomor …'). */
export const attachmentPageIndexes = (texts: readonly string[]) =>
  texts.flatMap((text, index) =>
    /Lampiran [IVX]+ Laporan Hasil Survey Lapangan Nomor/.test(text) ? [index] : [],
  );
