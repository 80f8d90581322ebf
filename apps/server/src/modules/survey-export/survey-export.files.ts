import sanitizeFilename from 'sanitize-filename';
import type { ExportRow, PhotoFile } from './survey-export.queries.ts';

/** A name safe as one path segment inside a zip on every system, kept readable. */
const segment = (text: string) =>
  sanitizeFilename(text.replace(/\s+/g, ' ').trim(), { replacement: '_' }).slice(0, 80).trim() || '_';

/**
 * Where each photo of a row lies in the export zip: `Foto/<id> - <proposer> - <road>/<n>. <category>.<ext>`,
 * one folder per proposal (the id keeps folders apart when names repeat). The workbook lists the same paths,
 * so in the 'all' zip they lead from the sheet to the files beside it.
 */
export function photoPathsOf(row: ExportRow): { photo: PhotoFile; path: string }[] {
  const { proposal } = row;
  const folder = segment(`${proposal.id} - ${proposal.proposerName} - ${proposal.roadName ?? 'Tanpa Jalan'}`);
  return row.photos.map((photo, index) => ({
    photo,
    path: `Foto/${folder}/${segment(`${index + 1}. ${photo.categoryName ?? 'Foto'}`)}.${photo.ext}`,
  }));
}
