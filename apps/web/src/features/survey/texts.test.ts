import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { uploadProblem } from '../proposal/upload-guard.ts';
import { saveStateText } from './components/SaveStateIndicator.tsx';
import { PHOTO_ACCEPT, SURVEY_PHOTO_RULE, SURVEY_VIDEO_RULE } from './media-rules.ts';
import { workNoteParagraphs } from './work-notes.ts';

describe('save indicator', () => {
  it('says what the autosave is doing, and why a refused draft failed', () => {
    expect(saveStateText('idle', null)).toBeNull();
    expect(saveStateText('pending', null)).toBe('Menyimpan…');
    expect(saveStateText('saving', null)).toBe('Menyimpan…');
    expect(saveStateText('saved', null)).toBe('Tersimpan');
    expect(saveStateText('error', new ApiError(null, null))).toBe('Gagal menyimpan, akan dicoba lagi');
    expect(saveStateText('error', new ApiError(502, null))).toBe('Gagal menyimpan, akan dicoba lagi');
    const refused = new ApiError(422, {
      status: { code: 422, message: 'Data tidak valid' },
      data: null,
      errors: { 'surveyRoad.0.asbSurveyors.0.asbSurveyorId': ['Item ASB tidak ditemukan atau tidak aktif.'] },
    });
    expect(saveStateText('error', refused)).toBe(
      'Gagal menyimpan: Item ASB tidak ditemukan atau tidak aktif.',
    );
  });
});

describe('work notes', () => {
  it('insert their description one paragraph per line, or their name without one', () => {
    expect(workNoteParagraphs({ name: 'PDAM', description: 'Ada pipa.\r\n\n  Koordinasi dulu. ' })).toEqual([
      'Ada pipa.',
      'Koordinasi dulu.',
    ]);
    expect(workNoteParagraphs({ name: ' Perlu pengukuran ulang ', description: '' })).toEqual([
      'Perlu pengukuran ulang',
    ]);
  });
});

describe('survey media rules', () => {
  it('take png/jpg/jpeg photos up to 20 MB and field videos up to 200 MB, with the spec texts', () => {
    expect(uploadProblem({ name: 'jalan.JPG', size: 1024 }, 0, SURVEY_PHOTO_RULE)).toBeNull();
    expect(uploadProblem({ name: 'jalan.pdf', size: 1024 }, 0, SURVEY_PHOTO_RULE)).toBe(
      'Silahkan periksa file Anda lagi',
    );
    expect(uploadProblem({ name: 'jalan.png', size: 21 * 1024 * 1024 }, 0, SURVEY_PHOTO_RULE)).toBe(
      'Ukuran File Upload melebihi batas, Ukuran file maximal adalah 20 MB',
    );
    expect(uploadProblem({ name: 'saluran.mov', size: 150 * 1024 * 1024 }, 0, SURVEY_VIDEO_RULE)).toBeNull();
    expect(uploadProblem({ name: 'saluran.png', size: 1024 }, 0, SURVEY_VIDEO_RULE)).toBe(
      'Silahkan periksa file Anda lagi',
    );
    expect(PHOTO_ACCEPT).toContain('image/jpeg');
  });
});
