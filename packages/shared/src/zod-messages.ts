import { z } from 'zod';
import { formatBytes, formatDate, idNumberFormat } from './format.ts';

/**
 * Indonesian texts for every zod issue a schema does not word itself, installed for the whole process or
 * page by `schemas/zod.ts` (the `z` every contract imports), so the server's 422 answers, an import's row
 * errors and the web's form rules all read the same. zod's own `id` locale is not used: it names types in
 * English ('diharapkan string, diterima number') and writes '<=200 karakter'.
 *
 * A schema names its field with `.meta({ title: 'Pencarian' })` ('Pencarian maksimal 200 karakter.');
 * without a title the field is 'Isian'. Messages never repeat what was sent (keys or values), so nothing
 * a user typed is echoed back. Messages a schema words itself (spec §5) always win over these.
 */
export function zodIssueMessage(issue: z.core.$ZodRawIssue): string {
  const subject = fieldTitle(issue) ?? 'Isian';
  switch (issue.code) {
    case 'invalid_type':
      return typeMessage(subject, issue.expected, issue.input);
    case 'too_big':
      return tooBigMessage(subject, issue.origin, issue.maximum, issue.inclusive !== false);
    case 'too_small':
      return tooSmallMessage(subject, issue.origin, issue.minimum, issue.inclusive !== false);
    case 'invalid_format':
      return formatMessage(subject, issue.format);
    case 'not_multiple_of':
      return `${subject} harus kelipatan ${numberText(issue.divisor)}.`;
    case 'unrecognized_keys':
      return 'Ada isian yang tidak dikenal.';
    case 'invalid_value':
      return valueMessage(subject, issue.values);
    case 'invalid_key':
    case 'invalid_element':
      return `${subject} berisi nilai yang tidak valid.`;
    default:
      return `${subject} tidak valid.`;
  }
}

/** The title the owning schema was given with `.meta({ title })`, if any. */
function fieldTitle(issue: z.core.$ZodRawIssue): string | undefined {
  const schema = issue.schema ?? (issue.inst && '_zod' in issue.inst ? issue.inst : undefined);
  const title = schema ? z.globalRegistry.get(schema as z.ZodType)?.title : undefined;
  return typeof title === 'string' && title.trim() ? title.trim() : undefined;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'teks',
  number: 'angka',
  int: 'bilangan bulat',
  bigint: 'bilangan bulat',
  nan: 'angka',
  boolean: 'pilihan ya atau tidak',
  date: 'tanggal',
  array: 'daftar',
  tuple: 'daftar',
  set: 'daftar',
  file: 'berkas',
};

function typeMessage(subject: string, expected: string, input: unknown): string {
  if (input === undefined || expected === 'nonoptional') return `${subject} wajib diisi.`;
  const name = TYPE_NAMES[expected];
  return name ? `${subject} harus berupa ${name}.` : `Format ${lowerFirst(subject)} tidak valid.`;
}

function tooBigMessage(subject: string, origin: string, maximum: number | bigint, inclusive: boolean) {
  const limit = inclusive ? maximum : Number(maximum) - 1;
  switch (origin) {
    case 'string':
      return `${subject} maksimal ${numberText(limit)} karakter.`;
    case 'array':
    case 'set':
    case 'map':
      return `${subject} maksimal ${numberText(limit)} butir.`;
    case 'file':
      return `Ukuran ${lowerFirst(subject)} maksimal ${formatBytes(Number(limit))}.`;
    case 'date':
      return `${subject} paling lambat ${formatDate(new Date(Number(maximum)))}.`;
    default:
      return inclusive
        ? `${subject} paling besar ${numberText(maximum)}.`
        : `${subject} harus kurang dari ${numberText(maximum)}.`;
  }
}

function tooSmallMessage(subject: string, origin: string, minimum: number | bigint, inclusive: boolean) {
  const limit = inclusive ? minimum : Number(minimum) + 1;
  switch (origin) {
    case 'string':
      return Number(limit) <= 1
        ? `${subject} wajib diisi.`
        : `${subject} minimal ${numberText(limit)} karakter.`;
    case 'array':
    case 'set':
    case 'map':
      return `${subject} minimal berisi ${numberText(limit)} butir.`;
    case 'file':
      return `Ukuran ${lowerFirst(subject)} minimal ${formatBytes(Number(limit))}.`;
    case 'date':
      return `${subject} paling awal ${formatDate(new Date(Number(minimum)))}.`;
    default:
      return inclusive
        ? `${subject} paling kecil ${numberText(minimum)}.`
        : `${subject} harus lebih dari ${numberText(minimum)}.`;
  }
}

const DATE_FORMATS = new Set(['date', 'datetime', 'time', 'duration']);

function formatMessage(subject: string, format: string): string {
  if (format === 'email') return `${subject} harus berupa alamat email yang benar.`;
  if (format === 'url') return `${subject} harus berupa alamat web yang benar.`;
  if (DATE_FORMATS.has(format)) return `${subject} harus berupa tanggal yang benar.`;
  return `Format ${lowerFirst(subject)} tidak sesuai.`;
}

/** A short list of choices is named (they are the API's own words, such as asc and desc); a long one is not. */
function valueMessage(subject: string, values: readonly unknown[]): string {
  const shown = values.filter((value) => ['string', 'number', 'boolean'].includes(typeof value));
  if (shown.length === 0 || shown.length !== values.length || shown.length > 8) {
    return `Pilihan ${lowerFirst(subject)} tidak valid.`;
  }
  const words = shown.map(String);
  if (words.length === 1) return `${subject} harus ${words[0]}.`;
  return `${subject} harus ${words.slice(0, -1).join(', ')} atau ${words.at(-1)}.`;
}

const numberText = (value: number | bigint) =>
  typeof value === 'bigint' ? value.toLocaleString('id-ID') : idNumberFormat(5).format(value);

/** 'Isian' inside a sentence reads 'isian'; a title such as 'No HP' keeps its capitals. */
const lowerFirst = (subject: string) => (subject === 'Isian' ? 'isian' : subject);
