import sanitizeFilename from 'sanitize-filename';
import type { ExportRow, PhotoFile } from './survey-export.queries.ts';

/** A name safe as one path segment inside a zip on every system, kept readable. */
const segment = (text: string) =>
  sanitizeFilename(text.replace(/\s+/g, ' ').trim(), { replacement: '_' }).slice(0, 80).trim() || '_';

/**
 * The folder of a row's photos in the export zip: `Foto/<id> - <proposer> - <road>`, one per proposal (the id
 * keeps folders apart when names repeat).
 */
export function photoFolderOf(row: ExportRow): string {
  const { proposal } = row;
  return `Foto/${segment(`${proposal.id} - ${proposal.proposerName} - ${proposal.roadName ?? 'Tanpa Jalan'}`)}`;
}

/**
 * Where each photo of a row lies in the export zip: `<folder>/<n>. <category>.<ext>`. The workbook lists the
 * same paths and links to the folder, so in the 'all' zip they lead from the sheet to the files beside it.
 */
export function photoPathsOf(row: ExportRow): { photo: PhotoFile; path: string }[] {
  const folder = photoFolderOf(row);
  return row.photos.map((photo, index) => ({
    photo,
    path: `${folder}/${segment(`${index + 1}. ${photo.categoryName ?? 'Foto'}`)}.${photo.ext}`,
  }));
}
