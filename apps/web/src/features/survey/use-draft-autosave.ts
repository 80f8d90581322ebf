import type { TSurvey, TSurveyDraftInput } from '@eusulan/shared';
import { useEffect, useRef, useState } from 'react';
import { type AutosaverHooks, createDraftAutosaver, type SaveState } from './draft-autosaver.ts';
import type { SurveyFormValues } from './form-values.ts';

export interface DraftAutosaveOptions {
  values: SurveyFormValues;
  /** What the server holds when the form opens (payloadSignature of the server's draft). */
  initialSavedSignature: string;
  localKey: string;
  save(draft: TSurveyDraftInput): Promise<TSurvey>;
  saveOnLeave(draft: TSurveyDraftInput): void;
  onSaved(survey: TSurvey): void;
}

/**
 * The draft autosaver bound to a mounted form: it follows the values, sends a last save when the page is
 * hidden or unloaded or the form unmounts, and confirms it with a normal save when the page shows again.
 */
export function useDraftAutosave(options: DraftAutosaveOptions) {
  const [status, setStatus] = useState<{ state: SaveState; error: unknown }>({ state: 'idle', error: null });
  const hooks: AutosaverHooks = {
    localKey: options.localKey,
    save: options.save,
    saveOnLeave: options.saveOnLeave,
    onSaved: options.onSaved,
    onStateChange: (state, error) => setStatus({ state, error }),
  };
  // The saver outlives renders; it reads the newest callbacks through this ref.
  const hooksRef = useRef(hooks);
  hooksRef.current = hooks;
  const [saver] = useState(() =>
    createDraftAutosaver(options.values, options.initialSavedSignature, () => hooksRef.current),
  );

  useEffect(() => saver.change(options.values), [saver, options.values]);

  useEffect(() => {
    saver.start();
    // A hidden page may never come back (phones drop background tabs): treat it as leaving.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saver.leave();
      else saver.resume();
    };
    const onPageHide = () => saver.leave();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      saver.stop();
    };
  }, [saver]);

  return { ...status, flush: saver.flush, close: saver.close };
}
