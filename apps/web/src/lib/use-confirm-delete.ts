import type { ReactNode } from 'react';
import { toast, useFeedback } from './feedback.tsx';

/** The spec's delete confirmation (§8 'Delete colour'): its buttons and the toast after it. */
export const DELETE_TEXTS = {
  ok: 'Ya, Hapus',
  cancel: 'Batal',
  cannotUndo: 'Data yang telah dihapus tidak dapat dikembalikan.',
  deleted: 'Data berhasil dihapus',
} as const;

/**
 * Asks before deleting, in the spec's words ('Ya, Hapus' in red, 'Batal'), then deletes and says 'Data
 * berhasil dihapus'. A refused delete is shown by the common handler (the mutation cache), not here.
 */
export function useConfirmDelete() {
  const { modal } = useFeedback();
  return ({ title, content, remove }: { title: string; content: ReactNode; remove(): Promise<unknown> }) => {
    modal.confirm({
      title,
      content,
      okText: DELETE_TEXTS.ok,
      okButtonProps: { danger: true },
      cancelText: DELETE_TEXTS.cancel,
      onOk: async () => {
        try {
          await remove();
          toast.success(DELETE_TEXTS.deleted);
        } catch {
          // The common handler (mutation cache) has already shown why.
        }
      },
    });
  };
}
