import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { StatusMessage } from './StatusMessage.tsx';

export const MISSING_RECORD_TEXTS = {
  invalidTitle: 'Alamat tidak valid',
  invalidText: (subject: string) =>
    `Alamat halaman ini tidak menunjuk ke ${subject} mana pun: nomornya harus bilangan bulat mulai dari 1. Periksa tautannya, atau kembali ke daftar.`,
  notFoundTitle: 'Data tidak ditemukan',
  back: 'Kembali ke daftar',
} as const;

export type MissingRecordReason = 'invalid-id' | 'not-found';

interface Props {
  reason: MissingRecordReason;
  /** What the page shows, in a sentence's middle ('data pekerjaan selesai'). */
  subject: string;
  /** Why the server may not know it, for this page ('… tidak ada atau sudah dihapus.'). */
  notFoundText: string;
  onBack(): void;
}

/**
 * A detail page whose record cannot be shown: a malformed id in the address (found before asking the
 * server) or one the server answers 404 for, each in words, with the way back to the list.
 */
export function MissingRecordMessage({ reason, subject, notFoundText, onBack }: Props) {
  const isInvalid = reason === 'invalid-id';
  return (
    <div data-testid="missing-record" data-reason={reason}>
      <StatusMessage
        title={isInvalid ? MISSING_RECORD_TEXTS.invalidTitle : MISSING_RECORD_TEXTS.notFoundTitle}
        text={isInvalid ? MISSING_RECORD_TEXTS.invalidText(subject) : notFoundText}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="missing-record-back">
            {MISSING_RECORD_TEXTS.back}
          </Button>
        }
      />
    </div>
  );
}

/** Which message a detail page shows, if any: its id first, then the server's answer. */
export function missingRecordReason(id: number | null, isNotFound: boolean): MissingRecordReason | null {
  if (id === null) return 'invalid-id';
  return isNotFound ? 'not-found' : null;
}
