import type { TSurvey } from '@eusulan/shared';
import { UNSAVED_WORK_PREFIX } from '../../lib/session.ts';
import { contentSignature, formValuesOf, type SurveyFormValues } from './form-values.ts';

/**
 * What this device keeps of a survey while it is being typed, so a failed save, a closed tab or a reload
 * loses nothing. `changedAt` is when it was last edited (ISO instant).
 */
export interface LocalSurveyCopy {
  version: 1;
  changedAt: string;
  values: SurveyFormValues;
}

/** One copy per user and proposal, so two consultants sharing a phone never see each other's drafts. */
export const localCopyKey = (userId: number, proposalId: number) =>
  `${UNSAVED_WORK_PREFIX}${userId}:${proposalId}`;

const looksLikeCopy = (value: unknown): value is LocalSurveyCopy => {
  const copy = value as Partial<LocalSurveyCopy> | null;
  return (
    copy?.version === 1 &&
    typeof copy.changedAt === 'string' &&
    Array.isArray(copy.values?.roads) &&
    Array.isArray(copy.values?.roadTypes)
  );
};

export function readLocalCopy(key: string): LocalSurveyCopy | null {
  try {
    const text = localStorage.getItem(key);
    if (!text) return null;
    const parsed: unknown = JSON.parse(text);
    return looksLikeCopy(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** False when the browser refuses (storage full or disabled); the server copy still counts then. */
export function writeLocalCopy(key: string, values: SurveyFormValues, changedAt = new Date()): boolean {
  try {
    const copy: LocalSurveyCopy = { version: 1, changedAt: changedAt.toISOString(), values };
    localStorage.setItem(key, JSON.stringify(copy));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalCopy(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/** When the server's draft was last written (its creation time for an older answer); null: nothing saved. */
export function serverSavedAt(survey: TSurvey): string | null {
  if (survey.id === null) return null;
  return survey.updatedAt ?? survey.createdAt;
}

export interface StartValues {
  values: SurveyFormValues;
  /** 'local' when the device's copy was newer than the server's draft and has been put back. */
  source: 'server' | 'local';
}

/**
 * The values the form opens with: the local copy when it holds something the server's draft does not and
 * was edited after the server's draft was last saved; otherwise the server's draft.
 */
export function chooseStartValues(survey: TSurvey, local: LocalSurveyCopy | null): StartValues {
  const server = formValuesOf(survey);
  if (!local || contentSignature(local.values) === contentSignature(server)) {
    return { values: server, source: 'server' };
  }
  const savedAt = serverSavedAt(survey);
  const isLocalNewer = savedAt === null || Date.parse(local.changedAt) > Date.parse(savedAt);
  return isLocalNewer ? { values: local.values, source: 'local' } : { values: server, source: 'server' };
}
