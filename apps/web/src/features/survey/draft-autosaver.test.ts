import type { TSurvey, TSurveyDraftInput } from '@eusulan/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import {
  type AutosaverHooks,
  createDraftAutosaver,
  isFullyStorable,
  type SaveState,
} from './draft-autosaver.ts';
import {
  emptyItem,
  formValuesOf,
  payloadSignature,
  type SurveyFormValues,
  surveyFormReducer,
} from './form-values.ts';
import { readLocalCopy } from './local-copy.ts';
import { emptyDraft, savedDraft } from './test-fixtures.ts';

const KEY = 'survey-draft:1:7';
const timing = { delayMs: 2000, retryMs: 10_000 };

function setup(start: SurveyFormValues = formValuesOf(savedDraft())) {
  const saves: TSurveyDraftInput[] = [];
  const leaves: TSurveyDraftInput[] = [];
  const states: SaveState[] = [];
  let answer: () => Promise<TSurvey> = async () => savedDraft();
  const hooks: AutosaverHooks = {
    localKey: KEY,
    save: (draft) => {
      saves.push(draft);
      return answer();
    },
    saveOnLeave: (draft) => leaves.push(draft),
    onSaved: vi.fn(),
    onStateChange: (state) => states.push(state),
  };
  const saver = createDraftAutosaver(start, payloadSignature(start), () => hooks, timing);
  return {
    saver,
    saves,
    leaves,
    states,
    hooks,
    answerWith(next: () => Promise<TSurvey>) {
      answer = next;
    },
  };
}

const typed = (values: SurveyFormValues, text: string) =>
  surveyFormReducer(values, { type: 'set-text', field: 'roadCondition', value: text });

beforeEach(() => vi.useFakeTimers());

describe('draft autosave', () => {
  it('keeps each change on the device at once and saves once, 2 s after the last change', async () => {
    const start = formValuesOf(savedDraft());
    const { saver, saves, states } = setup(start);
    const first = typed(start, 'R');
    saver.change(first);
    expect(readLocalCopy(KEY)?.values).toEqual(first);
    await vi.advanceTimersByTimeAsync(1500);
    const second = typed(first, 'Retak');
    saver.change(second);
    await vi.advanceTimersByTimeAsync(1999);
    expect(saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.roadCondition).toBe('Retak');
    expect(states.at(-1)).toBe('saved');
    // Saved as typed: the device's copy is no longer needed.
    expect(readLocalCopy(KEY)).toBeNull();
  });

  it('does not save when nothing changed, and saves on demand (Simpan Draft) even then', async () => {
    const { saver, saves } = setup();
    await saver.flush();
    expect(saves).toHaveLength(0);
    await saver.flush(true);
    expect(saves).toHaveLength(1);
  });

  it('sends one save at a time and the newest values after the running one', async () => {
    const start = formValuesOf(savedDraft());
    const { saver, saves, answerWith } = setup(start);
    let finish: (survey: TSurvey) => void = () => undefined;
    answerWith(() => new Promise((resolve) => (finish = resolve)));
    saver.change(typed(start, 'A'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(saves).toHaveLength(1);
    saver.change(typed(start, 'AB'));
    const flushed = saver.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves).toHaveLength(1);
    answerWith(async () => savedDraft());
    finish(savedDraft());
    await flushed;
    expect(saves.map((draft) => draft.roadCondition)).toEqual(['A', 'AB']);
  });

  it('keeps the copy and tries again after a network failure; a refused draft waits for the next change', async () => {
    const start = formValuesOf(savedDraft());
    const { saver, saves, states, answerWith } = setup(start);
    answerWith(() => Promise.reject(new ApiError(null, null)));
    saver.change(typed(start, 'Offline'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(states.at(-1)).toBe('error');
    expect(readLocalCopy(KEY)?.values.roadCondition).toBe('Offline');
    answerWith(async () => savedDraft());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saves).toHaveLength(2);
    expect(states.at(-1)).toBe('saved');

    answerWith(() => Promise.reject(new ApiError(422, null)));
    saver.change(typed(start, 'Ditolak'));
    await vi.advanceTimersByTimeAsync(2000 + 30_000);
    expect(saves).toHaveLength(3);
    expect(readLocalCopy(KEY)?.values.roadCondition).toBe('Ditolak');
  });

  it('keeps the copy while a row has sizes but no ASB item (the server cannot store it yet)', async () => {
    const start = formValuesOf(savedDraft());
    const roadKey = start.roads[0]!.key;
    const withRow = surveyFormReducer(start, { type: 'add-item', roadKey });
    const row = withRow.roads[0]!.items.at(-1)!;
    const sized = surveyFormReducer(withRow, {
      type: 'update-item',
      roadKey,
      itemKey: row.key,
      patch: { long: 12 },
    });
    expect(isFullyStorable(sized)).toBe(false);
    expect(isFullyStorable({ ...start, roads: [{ ...start.roads[0]!, items: [emptyItem()] }] })).toBe(true);
    const { saver, saves } = setup(start);
    saver.change(typed(sized, 'x'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(saves).toHaveLength(1);
    expect(readLocalCopy(KEY)?.values.roads[0]?.items.at(-1)?.long).toBe(12);
  });

  it('sends what the page holds once when it is left, never beside a save that carries the same', async () => {
    const start = formValuesOf(savedDraft());
    const { saver, saves, leaves, answerWith } = setup(start);
    let finish: (survey: TSurvey) => void = () => undefined;
    answerWith(() => new Promise((resolve) => (finish = resolve)));
    saver.change(typed(start, 'Sedang dikirim'));
    await vi.advanceTimersByTimeAsync(2000);
    saver.leave();
    expect(leaves).toHaveLength(0);
    finish(savedDraft());
    await vi.advanceTimersByTimeAsync(0);

    // Unload fires pagehide and hides the page: one keepalive save, and no normal save beside it.
    answerWith(async () => savedDraft());
    saver.change(typed(start, 'Ditutup'));
    saver.leave();
    await saver.flush();
    expect(leaves.map((draft) => draft.roadCondition)).toEqual(['Ditutup']);
    expect(saves.map((draft) => draft.roadCondition)).toEqual(['Sedang dikirim']);
    // Shown again: the keepalive save is confirmed by a normal one; a later change is saved as usual.
    saver.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.map((draft) => draft.roadCondition)).toEqual(['Sedang dikirim', 'Ditutup']);
    saver.change(typed(start, 'Kembali lagi'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(saves.map((draft) => draft.roadCondition)).toEqual(['Sedang dikirim', 'Ditutup', 'Kembali lagi']);
  });

  it('saves values that opened unsaved (a restored copy) once the form is mounted', async () => {
    const restored = typed(formValuesOf(savedDraft()), 'Dari perangkat');
    const saves: TSurveyDraftInput[] = [];
    const saver = createDraftAutosaver(
      restored,
      payloadSignature(formValuesOf(savedDraft())),
      () => ({
        localKey: KEY,
        save: async (draft) => {
          saves.push(draft);
          return savedDraft();
        },
        saveOnLeave: () => undefined,
        onSaved: () => undefined,
        onStateChange: () => undefined,
      }),
      timing,
    );
    saver.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(saves.map((draft) => draft.roadCondition)).toEqual(['Dari perangkat']);
  });

  it('sends the unsaved values when the page is left, and nothing once submitted', async () => {
    const start = formValuesOf(emptyDraft());
    const { saver, leaves, saves } = setup(start);
    saver.leave();
    expect(leaves).toHaveLength(0);
    saver.change(typed(start, 'Belum tersimpan'));
    saver.stop();
    expect(leaves.map((draft) => draft.roadCondition)).toEqual(['Belum tersimpan']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(saves).toHaveLength(0);

    saver.start();
    saver.close();
    expect(readLocalCopy(KEY)).toBeNull();
    saver.change(typed(start, 'Sesudah kirim'));
    saver.leave();
    await saver.flush(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(leaves).toHaveLength(1);
    expect(saves).toHaveLength(0);
  });
});
