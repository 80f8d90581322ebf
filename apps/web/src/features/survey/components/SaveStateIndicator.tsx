import { CheckCircleOutlined, CloudSyncOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { isApiError } from '../../../lib/http.ts';
import type { SaveState } from '../draft-autosaver.ts';
import { failureText } from '../failure-text.ts';

/** What the small save indicator says for each autosave state. */
export function saveStateText(state: SaveState, error: unknown): string | null {
  switch (state) {
    case 'pending':
    case 'saving':
      return 'Menyimpan…';
    case 'saved':
      return 'Tersimpan';
    case 'error':
      // A refused draft (4xx) will not pass on a retry; its reason is what the consultant needs.
      if (isApiError(error) && error.status !== null && error.status < 500) {
        return `Gagal menyimpan: ${failureText(error) ?? 'periksa isian'}`;
      }
      return 'Gagal menyimpan, akan dicoba lagi';
    default:
      return null;
  }
}

export function SaveStateIndicator({ state, error }: { state: SaveState; error: unknown }) {
  const text = saveStateText(state, error);
  if (!text) return null;
  const icon =
    state === 'error' ? (
      <ExclamationCircleOutlined />
    ) : state === 'saved' ? (
      <CheckCircleOutlined />
    ) : (
      <CloudSyncOutlined />
    );
  return (
    <output
      className={`save-state save-state--${state}`}
      aria-live="polite"
      data-testid="save-state"
      data-state={state}
    >
      {icon} {text}
    </output>
  );
}
