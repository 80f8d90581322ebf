import { UPLOAD_LIMITS } from '@eusulan/shared';
import { describe, expect, it } from 'vitest';
import {
  acceptOf,
  batchUploadProblem,
  extensionOf,
  IMPORT_FILE_RULE,
  isImageName,
  proposalFileRule,
  uploadProblem,
} from './upload-guard.ts';

const MB = 1024 * 1024;
const FORM_RULE = proposalFileRule(UPLOAD_LIMITS.proposalFormBytes);
const file = (name: string, size = 1000) => ({ name, size });

describe('upload guard (spec §5, §9)', () => {
  it('takes png, jpg, jpeg and pdf whatever the case of the extension', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.Pdf'])
      expect(uploadProblem(file(name), 0, FORM_RULE)).toBeNull();
    expect(acceptOf(FORM_RULE)).toBe('.png,.jpg,.jpeg,.pdf');
  });

  it('refuses another type with the spec text', () => {
    for (const name of ['catatan.txt', 'foto.png.exe', 'tanpa-ekstensi', 'gambar.gif']) {
      expect(uploadProblem(file(name), 0, FORM_RULE)).toBe('Silahkan periksa file Anda lagi');
    }
  });

  it('refuses a file over the limit, naming the limit in MB', () => {
    expect(uploadProblem(file('besar.pdf', 10 * MB), 0, FORM_RULE)).toBeNull();
    expect(uploadProblem(file('besar.pdf', 10 * MB + 1), 0, FORM_RULE)).toBe(
      'Ukuran File Upload melebihi batas, Ukuran file maximal adalah 10 MB',
    );
    expect(
      uploadProblem(file('besar.pdf', 20 * MB + 1), 0, proposalFileRule(UPLOAD_LIMITS.detailDialogBytes)),
    ).toBe('Ukuran File Upload melebihi batas, Ukuran file maximal adalah 20 MB');
  });

  it('takes at most 10 files, counting those already chosen', () => {
    expect(uploadProblem(file('a.png'), 9, FORM_RULE)).toBeNull();
    expect(uploadProblem(file('a.png'), 10, FORM_RULE)).toBe('Maksimal 10 file dalam satu unggahan.');
  });

  it('in a batch, only the accepted files before one count towards the limit', () => {
    const batch = [file('1.png'), file('salah.txt'), file('2.png'), file('3.png')];
    expect(batchUploadProblem(batch[1]!, batch, 0, FORM_RULE)).toBe('Silahkan periksa file Anda lagi');
    // 8 already chosen: 1.png is the 9th, salah.txt does not count, 2.png is the 10th, 3.png is one too many.
    expect(batchUploadProblem(batch[2]!, batch, 8, FORM_RULE)).toBeNull();
    expect(batchUploadProblem(batch[3]!, batch, 8, FORM_RULE)).toBe('Maksimal 10 file dalam satu unggahan.');
  });

  it('the import takes one .xlsx of at most 50 MB', () => {
    expect(uploadProblem(file('usulan.xlsx', 50 * MB), 0, IMPORT_FILE_RULE)).toBeNull();
    expect(uploadProblem(file('usulan.xls'), 0, IMPORT_FILE_RULE)).toBe('Silahkan periksa file Anda lagi');
    expect(uploadProblem(file('usulan.xlsx', 50 * MB + 1), 0, IMPORT_FILE_RULE)).toBe(
      'Ukuran File Upload melebihi batas, Ukuran file maximal adalah 50 MB',
    );
    expect(acceptOf(IMPORT_FILE_RULE)).toBe('.xlsx');
  });

  it('previews only png, jpg and jpeg', () => {
    expect(extensionOf('Foto.Jalan.JPEG')).toBe('jpeg');
    expect(isImageName('a.png')).toBe(true);
    expect(isImageName('a.jpg')).toBe(true);
    expect(isImageName('a.pdf')).toBe(false);
  });
});
