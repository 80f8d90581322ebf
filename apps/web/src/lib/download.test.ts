import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download.ts';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, falls back to the quoted or bare name', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Template Import Usulan Pokir.xlsx"; filename*=UTF-8''Template%20Import%20Usulan%20Pokir.xlsx`,
      ),
    ).toBe('Template Import Usulan Pokir.xlsx');
    expect(fileNameFromDisposition('attachment; filename="Laporan.xlsx"')).toBe('Laporan.xlsx');
    expect(fileNameFromDisposition('attachment; filename=Laporan.xlsx')).toBe('Laporan.xlsx');
  });

  it('is null without a header or a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
