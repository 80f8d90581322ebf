import type { ApiEnvelope, TSurvey, TSurveyDraftInput } from '@eusulan/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OptionQuery } from '../../components/use-remote-options.ts';
import { API_PREFIX, ApiError, buildHeaders, buildUrl, http } from '../../lib/http.ts';
import { fetchSelectList } from '../master/api.ts';
import { fetchProposal, proposalKeys } from '../proposal/api.ts';
import type { AsbChoice } from './form-values.ts';

/** Survey capture under the global prefix (DESIGN §4), so a field app can use the same calls. */
export const surveyPath = (proposalId: number) => `${API_PREFIX.global}/survey/${proposalId}`;

export const surveyKeys = {
  all: ['survey'] as const,
  draft: (proposalId: number) => ['survey', 'draft', proposalId] as const,
};

/**
 * GET /api/survey/{id}: the open draft, or an empty one. Fetched once per visit: while the form is open it
 * is the source of truth and only the media lists follow the server's answers. The form page words a 404
 * itself.
 */
export function useSurveyDraft(proposalId: number, isEnabled = true) {
  return useQuery({
    enabled: isEnabled,
    queryKey: surveyKeys.draft(proposalId),
    queryFn: async ({ signal }) =>
      (await http.get<TSurvey>(surveyPath(proposalId), undefined, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { handlesOwnErrors: true },
  });
}

/**
 * The proposal the survey form opens (GET proposal/{id}?exclude=0). Its own key, apart from the detail
 * dialog's, because the form page words a 404 itself; still under proposalKeys.all, so a submit reloads it.
 */
export function useSurveyFormProposal(proposalId: number | null) {
  return useQuery({
    queryKey: [...proposalKeys.all, 'survey-form', proposalId ?? 0],
    queryFn: ({ signal }) => fetchProposal(proposalId as number, 'view', signal),
    enabled: proposalId !== null,
    meta: { handlesOwnErrors: true },
  });
}

/** POST /api/survey/{id}: replaces the whole draft; answers the stored draft. */
export const saveSurveyDraft = async (proposalId: number, draft: TSurveyDraftInput) =>
  (await http.post<TSurvey>(surveyPath(proposalId), draft)).data;

/**
 * The same save while the page goes away (tab closed, phone locked, reload): `keepalive` lets the request
 * outlive the page. Fire and forget; the local copy covers a failure.
 */
export function saveSurveyDraftOnLeave(proposalId: number, draft: TSurveyDraftInput): void {
  const body = JSON.stringify(draft);
  // Browsers refuse keepalive bodies over 64 KB; a large draft relies on the local copy instead.
  if (body.length > 60_000) return;
  void fetch(buildUrl(surveyPath(proposalId)), {
    method: 'POST',
    headers: buildHeaders(draft),
    body,
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * POST /api/survey/{id}/submit after the final save: completeness problems come back as a 422 that the
 * common handler lists in Indonesian. The consultant's lists and the proposal's detail reload.
 */
export function useSubmitSurvey(proposalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<TSurvey>(`${surveyPath(proposalId)}/submit`)).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
        queryClient.removeQueries({ queryKey: surveyKeys.draft(proposalId) }),
      ]),
  });
}

export type SurveyMediaKind = 'photo' | 'video';

function parseEnvelope(text: string): ApiEnvelope<unknown> | null {
  try {
    return text ? (JSON.parse(text) as ApiEnvelope<unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/survey/{id}/photo|video (multipart) through XMLHttpRequest, the one browser API that reports
 * upload progress. Same headers as every call; resolves with the draft the server answers.
 */
export function uploadSurveyMedia(
  proposalId: number,
  kind: SurveyMediaKind,
  form: FormData,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<TSurvey> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(`${surveyPath(proposalId)}/${kind}`));
    buildHeaders(form).forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const envelope = parseEnvelope(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && envelope) resolve((envelope as ApiEnvelope<TSurvey>).data);
      else reject(new ApiError(xhr.status, envelope, xhr.getResponseHeader('x-request-id')));
    };
    xhr.onerror = () => reject(new ApiError(null, null));
    xhr.onabort = () => reject(new DOMException('Upload dibatalkan', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** DELETE /api/survey/{id}/photo|video/{mediaId}, only while the survey is a draft. */
export const deleteSurveyMedia = async (proposalId: number, kind: SurveyMediaKind, mediaId: number) =>
  (await http.del<TSurvey>(`${surveyPath(proposalId)}/${kind}/${mediaId}`)).data;

export interface PhotoCategoryOption {
  id: number;
  name: string;
}

export interface WorkNoteOption {
  id: number;
  name: string;
  description: string;
}

export interface TypeWorkOption {
  id: number;
  name: string;
}

/** The form's select lists (GET /api/select-list/…, searched by RemoteSelect). */
export const loadTypeWorks = (query: OptionQuery, signal: AbortSignal) =>
  fetchSelectList<TypeWorkOption>('type-works', { ...query }, signal);

export const loadAsbItems = (query: OptionQuery, signal: AbortSignal) =>
  fetchSelectList<AsbChoice>('asb-surveyor', { ...query }, signal);

export const loadPhotoCategories = (query: OptionQuery, signal: AbortSignal) =>
  fetchSelectList<PhotoCategoryOption>('photo-category', { ...query }, signal);

export const loadWorkNotes = (query: OptionQuery, signal: AbortSignal) =>
  fetchSelectList<WorkNoteOption>('work-note', { ...query }, signal);
