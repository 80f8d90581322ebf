import { describe, expect, it } from 'vitest';
import { formValuesOf, surveyFormReducer } from './form-values.ts';
import {
  chooseStartValues,
  clearLocalCopy,
  type LocalSurveyCopy,
  localCopyKey,
  readLocalCopy,
  serverSavedAt,
  writeLocalCopy,
} from './local-copy.ts';
import { emptyDraft, savedDraft } from './test-fixtures.ts';

const edited = (base = formValuesOf(savedDraft())) =>
  surveyFormReducer(base, { type: 'set-text', field: 'roadCondition', value: 'Diketik di lapangan' });

const copyAt = (changedAt: string, values = edited()): LocalSurveyCopy => ({ version: 1, changedAt, values });

describe('the local copy', () => {
  it('is kept per user and proposal and survives a round trip through localStorage', () => {
    const key = localCopyKey(3, 7);
    expect(key).toBe('survey-draft:3:7');
    expect(readLocalCopy(key)).toBeNull();
    const values = edited();
    expect(writeLocalCopy(key, values, new Date('2026-03-02T10:00:00.000Z'))).toBe(true);
    expect(readLocalCopy(key)).toEqual({ version: 1, changedAt: '2026-03-02T10:00:00.000Z', values });
    expect(readLocalCopy(localCopyKey(4, 7))).toBeNull();
    clearLocalCopy(key);
    expect(readLocalCopy(key)).toBeNull();
  });

  it('ignores what is not a copy (another version, broken JSON)', () => {
    localStorage.setItem('a', '{not json');
    localStorage.setItem('b', JSON.stringify({ version: 2, changedAt: 'x', values: {} }));
    expect(readLocalCopy('a')).toBeNull();
    expect(readLocalCopy('b')).toBeNull();
  });
});

describe('which values the form opens with', () => {
  it('the server draft when the device has no copy, or a copy equal to it', () => {
    const draft = savedDraft();
    expect(chooseStartValues(draft, null).source).toBe('server');
    const same = copyAt('2030-01-01T00:00:00.000Z', formValuesOf(draft));
    expect(chooseStartValues(draft, same)).toMatchObject({ source: 'server' });
  });

  it('the copy when the server has no draft yet (the first save never arrived)', () => {
    const copy = copyAt('2026-03-02T10:00:00.000Z', edited(formValuesOf(emptyDraft())));
    expect(chooseStartValues(emptyDraft(), copy)).toEqual({ values: copy.values, source: 'local' });
  });

  it('the copy when it was edited after the server draft was last saved, else the server', () => {
    const draft = savedDraft({ createdAt: '2026-03-01T02:00:00.000Z' });
    expect(chooseStartValues(draft, copyAt('2026-03-01T03:00:00.000Z')).source).toBe('local');
    expect(chooseStartValues(draft, copyAt('2026-03-01T01:00:00.000Z')).source).toBe('server');
  });

  it('prefers the draft’s updatedAt (its last save) over its creation time', () => {
    const draft = {
      ...savedDraft({ createdAt: '2026-03-01T02:00:00.000Z' }),
      updatedAt: '2026-03-05T00:00:00.000Z',
    };
    expect(serverSavedAt(draft)).toBe('2026-03-05T00:00:00.000Z');
    expect(chooseStartValues(draft, copyAt('2026-03-03T00:00:00.000Z')).source).toBe('server');
    expect(serverSavedAt(emptyDraft())).toBeNull();
  });
});
