import type { WorkNoteOption } from './api.ts';

/**
 * The paragraphs a work note (Catatan Pekerjaan) inserts: its description, one paragraph per line, or its
 * name when it has no description.
 */
export function workNoteParagraphs(note: Pick<WorkNoteOption, 'name' | 'description'>): string[] {
  const lines = (note.description ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.length > 0 ? lines : [note.name.trim()];
}
