import type { TSurveyReportLetter } from '@eusulan/shared';

const ONES = [
  '',
  'satu',
  'dua',
  'tiga',
  'empat',
  'lima',
  'enam',
  'tujuh',
  'delapan',
  'sembilan',
  'sepuluh',
  'sebelas',
];

/** A whole number in Indonesian words, as letters write counts: 2 -> 'dua', 12 -> 'dua belas', 101 -> 'seratus satu'. */
export function terbilang(value: number): string {
  const n = Math.floor(Math.abs(value));
  if (n === 0) return 'nol';
  if (n < 12) return ONES[n] ?? '';
  if (n < 20) return `${terbilang(n - 10)} belas`;
  if (n < 100)
    return [`${terbilang(Math.floor(n / 10))} puluh`, n % 10 ? terbilang(n % 10) : ''].join(' ').trim();
  if (n < 200) return ['seratus', n % 100 ? terbilang(n % 100) : ''].join(' ').trim();
  if (n < 1000) {
    return [`${terbilang(Math.floor(n / 100))} ratus`, n % 100 ? terbilang(n % 100) : ''].join(' ').trim();
  }
  if (n < 2000) return ['seribu', n % 1000 ? terbilang(n % 1000) : ''].join(' ').trim();
  return [`${terbilang(Math.floor(n / 1000))} ribu`, n % 1000 ? terbilang(n % 1000) : ''].join(' ').trim();
}

/** The Lampiran line as Indonesian letters write it: '3 (tiga) lembar'; '-' when nothing is attached. */
export const lampiranText = (pages: number) => (pages > 0 ? `${pages} (${terbilang(pages)}) lembar` : '-');

/** Stands for the Nomor where the report has none: umum's view, or a numbering that failed. */
export const NO_LETTER_NUMBER = '-';

export interface TLetterLine {
  label: string;
  value: string;
}

/** Nomor, Sifat, Lampiran and Perihal at the head of the letter. */
export function letterLines(
  letter: Pick<TSurveyReportLetter, 'nomor' | 'sifat'> | null,
  attachedPages: number,
  subject: string,
): TLetterLine[] {
  return [
    { label: 'Nomor', value: letter?.nomor ?? NO_LETTER_NUMBER },
    { label: 'Sifat', value: letter?.sifat ?? NO_LETTER_NUMBER },
    { label: 'Lampiran', value: lampiranText(attachedPages) },
    { label: 'Perihal', value: subject },
  ];
}
