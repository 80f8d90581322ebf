import type { TSurvey, TSurveyDraftInput } from '@eusulan/shared';
import { isApiError } from '../../lib/http.ts';
import { contentSignature, draftPayloadOf, payloadSignature, type SurveyFormValues } from './form-values.ts';
import { clearLocalCopy, writeLocalCopy } from './local-copy.ts';

/** Autosave waits this long after the last change: nothing typed is lost, yet no save per keystroke. */
export const AUTOSAVE_DELAY_MS = 2000;
/** A save that failed for want of a connection or a server fault is tried again after this. */
export const AUTOSAVE_RETRY_MS = 10_000;

/** pending: a change waits for the pause; saving: a save is on its way. */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface AutosaverHooks {
  localKey: string;
  save(draft: TSurveyDraftInput): Promise<TSurvey>;
  /** The last save while the page goes away (keepalive); its answer is never seen. */
  saveOnLeave(draft: TSurveyDraftInput): void;
  onSaved(survey: TSurvey): void;
  onStateChange(state: SaveState, error: unknown): void;
}

export interface AutosaverTiming {
  delayMs: number;
  retryMs: number;
}

/**
 * A row with a length or width but no ASB item cannot go to the server yet; while one exists the local
 * copy stays, so a reload still shows what was typed.
 */
export const isFullyStorable = (values: SurveyFormValues) =>
  values.roads.every((road) =>
    road.items.every((item) => item.asb !== null || (item.long === null && item.wide === null)),
  );

const isWorthRetrying = (error: unknown) =>
  !isApiError(error) || error.status === null || error.status >= 500;

/**
 * Keeps a survey draft safe while it is typed: every change goes to the local copy at once and to the server
 * after a pause (one save at a time, the newest values last), when the page is left, and on flush()
 * (Simpan Draft, Kirim). A save of everything typed removes the local copy; close() stops it all once the
 * survey is submitted, so no late save opens a new draft.
 */
export function createDraftAutosaver(
  initialValues: SurveyFormValues,
  initialSavedSignature: string,
  hooks: () => AutosaverHooks,
  timing: AutosaverTiming = { delayMs: AUTOSAVE_DELAY_MS, retryMs: AUTOSAVE_RETRY_MS },
) {
  let values = initialValues;
  let savedSignature = initialSavedSignature;
  let writtenContent = contentSignature(initialValues);
  let inFlight: Promise<unknown> | null = null;
  /** What the running save sends, and what the last keepalive save sent: neither is sent twice. */
  let inFlightSignature: string | null = null;
  let leftSignature: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isClosed = false;
  /** Unmounted: nothing is scheduled any more (React may mount the same form again, StrictMode does). */
  let isStopped = false;

  const isDirty = () => payloadSignature(values) !== savedSignature;
  const setState = (state: SaveState, error: unknown = null) => hooks().onStateChange(state, error);
  const clearTimer = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (delayMs: number) => {
    clearTimer();
    if (isStopped) return;
    timer = setTimeout(() => void save().catch(() => undefined), delayMs);
  };

  /** `force` saves even unchanged values, e.g. so the draft exists before a photo is added to it. */
  async function save(force = false): Promise<void> {
    clearTimer();
    // One save at a time: wait for the running one, then send whatever is newest.
    while (inFlight) await inFlight.catch(() => undefined);
    if (isClosed || (!force && (!isDirty() || payloadSignature(values) === leftSignature))) return;
    const sentValues = values;
    const draft = draftPayloadOf(sentValues);
    const request = hooks().save(draft);
    inFlight = request;
    inFlightSignature = JSON.stringify(draft);
    setState('saving');
    try {
      const survey = await request;
      savedSignature = JSON.stringify(draft);
      hooks().onSaved(survey);
      if (contentSignature(values) === contentSignature(sentValues) && isFullyStorable(values)) {
        clearLocalCopy(hooks().localKey);
      }
      if (isDirty()) {
        setState('pending');
        schedule(timing.delayMs);
      } else {
        setState('saved');
      }
    } catch (error) {
      setState('error', error);
      if (isWorthRetrying(error) && !isClosed) schedule(timing.retryMs);
      throw error;
    } finally {
      inFlight = null;
      inFlightSignature = null;
    }
  }

  /**
   * The page is being unloaded: send what is unsaved without waiting for an answer, unless the running save
   * already carries it. Two saves racing to open a new survey's first draft could open two.
   */
  function leave() {
    const signature = payloadSignature(values);
    if (isClosed || !isDirty() || signature === inFlightSignature || signature === leftSignature) return;
    clearTimer();
    leftSignature = signature;
    hooks().saveOnLeave(draftPayloadOf(values));
  }

  return {
    /** Every change of the form: the local copy now, the server after the pause. */
    change(next: SurveyFormValues) {
      if (isClosed || next === values) return;
      values = next;
      const content = contentSignature(next);
      if (content !== writtenContent) {
        writtenContent = content;
        writeLocalCopy(hooks().localKey, next);
      }
      if (!isDirty()) return;
      if (!inFlight) setState('pending');
      schedule(timing.delayMs);
    },
    /** Saves now; rejects with the server's answer when the save fails. */
    flush: (force = false) => save(force),
    leave,
    /** The page is shown again after a leave(): confirm with a normal save what the keepalive one sent. */
    resume() {
      if (!isClosed && !isStopped && isDirty()) void save(true).catch(() => undefined);
    },
    /** The form is gone (navigation): a last save, then nothing scheduled; the local copy stays. */
    stop() {
      leave();
      isStopped = true;
      clearTimer();
    },
    /** Mounted: values that opened unsaved (a restored local copy) go to the server after the pause. */
    start() {
      isStopped = false;
      if (!isClosed && isDirty()) {
        setState('pending');
        schedule(timing.delayMs);
      }
    },
    /** After a submit: no more saves, and the local copy goes. */
    close() {
      isClosed = true;
      clearTimer();
      clearLocalCopy(hooks().localKey);
    },
  };
}
