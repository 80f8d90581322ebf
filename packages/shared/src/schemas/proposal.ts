import { PROPOSAL_TYPES } from '../enums.ts';
import { PROPOSAL_MESSAGES } from '../messages/proposal.ts';
import { requiredText } from './auth.ts';
import { unknownSortMessage, ZListQuery } from './list.ts';
import { requiredId } from './master.ts';
import { recordId } from './record-id.ts';
import { z } from './zod.ts';

const RT_RW_PATTERN = /^\d{2}$/;

/** A multipart or query value that means "not given". */
export const blankToUndefined = (value: unknown) =>
  value === '' || value === null || value === '-' || value === 'null' || value === 'undefined'
    ? undefined
    : value;

const optionalRtRw = z.preprocess(
  blankToUndefined,
  z.string().trim().regex(RT_RW_PATTERN, { error: PROPOSAL_MESSAGES.rtRw }).optional(),
);

const optionalId = (message: string) => z.preprocess(blankToUndefined, recordId(message).optional());

export const isoDate = (message: string) =>
  requiredText(message).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: PROPOSAL_MESSAGES.dateFormat })
      .refine((value) => isRealDate(value), { error: PROPOSAL_MESSAGES.dateFormat }),
  );

/** True for a calendar date that exists (no 2026-02-30). */
export function isRealDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A mobile number: 08…, 62 8… or +62 8…; 9 to 13 digits in the 0 form. */
const MOBILE_PHONE = /^(?:\+62|62|0)[ .-]?8(?:[ .-]?\d){7,11}$/;
/**
 * A landline with its area code (021, 031, 0341 …; never 08, which is mobile): 031 8291234, (031) 8291234
 * or +62 31 8291234. A bare 62 is left out here: typed without its plus it reads as a mobile or as one of
 * the area codes 062x.
 */
const LANDLINE_PHONE =
  /^(?:\(0[1-79]\d{1,2}\) ?|0[1-79]\d{1,2}[ .-]?|\+62[ .-]?[1-79]\d{1,2}[ .-]?)\d(?:[ .-]?\d){4,7}$/;

/**
 * An Indonesian mobile or landline number as a person writes it (trimmed): one space, dot or dash may sit
 * between any two digits. The one rule of the proposal form, the contact-person edit and the import.
 */
export const isPhoneNumber = (value: string) => MOBILE_PHONE.test(value) || LANDLINE_PHONE.test(value);

const phone = (message: string) =>
  requiredText(message).pipe(z.string().refine(isPhoneNumber, { error: PROPOSAL_MESSAGES.phoneFormat }));

/** Ids in a list field: `files[]`-style repeated fields arrive as one value or many. */
const idList = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z.array(recordId(PROPOSAL_MESSAGES.fileId)).max(100).meta({ title: 'Daftar berkas' }),
);

/** RW is kept only when RT is chosen (spec §5). */
const dropRwWithoutRt = <T extends { rtNumber?: string; rwNumber?: string }>(value: T) =>
  value.rtNumber ? value : { ...value, rwNumber: undefined };

const placeFields = {
  rtNumber: optionalRtRw,
  rwNumber: optionalRtRw,
  address: requiredText(PROPOSAL_MESSAGES.address).pipe(
    z.string().max(1000, { error: 'Maksimal 1000 karakter.' }),
  ),
};

const nameField = (message: string) =>
  requiredText(message).pipe(z.string().max(200, { error: 'Maksimal 200 karakter.' }));

/** POST proposal and POST proposal/{id} (multipart fields; files travel beside them). */
export const ZProposalForm = z
  .object({
    proposalType: z.enum(PROPOSAL_TYPES, { error: PROPOSAL_MESSAGES.proposalType }),
    proposalDate: isoDate(PROPOSAL_MESSAGES.date),
    proposerName: nameField(PROPOSAL_MESSAGES.proposerName),
    phoneNumber: phone(PROPOSAL_MESSAGES.phone),
    roadId: optionalId(PROPOSAL_MESSAGES.road),
    villageId: requiredId(PROPOSAL_MESSAGES.village),
    consultantId: requiredId(PROPOSAL_MESSAGES.consultant),
    existingFileId: idList,
    ...placeFields,
  })
  .transform(dropRwWithoutRt);
export type TProposalForm = z.output<typeof ZProposalForm>;

/** POST proposal/{id}/contact-person: stricter than the form (road required), no consultant. */
export const ZContactPerson = z
  .object({
    proposalDate: isoDate(PROPOSAL_MESSAGES.contactDate),
    proposerName: nameField(PROPOSAL_MESSAGES.contactName),
    phoneNumber: phone(PROPOSAL_MESSAGES.contactPhone),
    roadId: requiredId(PROPOSAL_MESSAGES.contactRoad),
    villageId: requiredId(PROPOSAL_MESSAGES.contactVillage),
    existingFileId: idList,
    ...placeFields,
    address: requiredText(PROPOSAL_MESSAGES.contactAddress).pipe(
      z.string().max(1000, { error: 'Maksimal 1000 karakter.' }),
    ),
  })
  .transform(dropRwWithoutRt);
export type TContactPerson = z.output<typeof ZContactPerson>;

export const optionalYear = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: PROPOSAL_MESSAGES.year })
    .int({ error: PROPOSAL_MESSAGES.year })
    .min(1900, { error: PROPOSAL_MESSAGES.year })
    .max(2999, { error: PROPOSAL_MESSAGES.year })
    .optional(),
);

/** startYear ≤ endYear when both are given; the refine arguments every year-filtered list shares. */
export const yearRangeRule: [
  (value: { startYear?: number; endYear?: number }) => boolean,
  { error: string; path: string[] },
] = [
  (value) => !value.startYear || !value.endYear || value.startYear <= value.endYear,
  { error: PROPOSAL_MESSAGES.yearRange, path: ['startYear'] },
];

/**
 * GET proposal: the main list (isHistory=0, one proposal type) or the place history (isHistory=1: the
 * proposals at one road, village, RT and RW, without excludeId).
 */
export const ZProposalListQuery = z
  .object({
    ...ZListQuery.shape,
    proposalType: z.preprocess(
      blankToUndefined,
      z.enum(PROPOSAL_TYPES, { error: PROPOSAL_MESSAGES.proposalType }).optional(),
    ),
    isHistory: z.preprocess(
      blankToUndefined,
      z.enum(['0', '1']).meta({ title: 'Histori' }).optional().default('0'),
    ),
    startYear: optionalYear,
    endYear: optionalYear,
    roadId: optionalId(PROPOSAL_MESSAGES.road),
    villageId: optionalId(PROPOSAL_MESSAGES.village),
    rtNumber: optionalRtRw,
    rwNumber: optionalRtRw,
    excludeId: idList,
  })
  .refine(...yearRangeRule)
  .refine((value) => value.isHistory === '0' || value.villageId !== undefined, {
    error: 'Kelurahan wajib diisi untuk melihat histori lokasi.',
    path: ['villageId'],
  });
export type TProposalListQuery = z.output<typeof ZProposalListQuery>;

/** Import and template: only pokir and musrenbang are bulk-imported (spec §1). */
export const IMPORTABLE_PROPOSAL_TYPES = ['pokir', 'musrenbang'] as const;
export const ZImportProposalType = z.enum(IMPORTABLE_PROPOSAL_TYPES, {
  error: 'Import hanya untuk usulan pokir atau musrenbang.',
});

/** Columns of the import template, in order; row 1 holds these headers, data starts on row 2. */
export const PROPOSAL_IMPORT_COLUMNS = [
  { key: 'proposalDate', header: 'Tanggal Usulan (DD-MM-YYYY)' },
  { key: 'proposerName', header: 'Nama Pengusul' },
  { key: 'phoneNumber', header: 'No HP' },
  { key: 'road', header: 'Jalan' },
  { key: 'village', header: 'Kelurahan' },
  { key: 'rtNumber', header: 'RT' },
  { key: 'rwNumber', header: 'RW' },
  { key: 'address', header: 'Alamat' },
  { key: 'consultant', header: 'Konsultan' },
] as const;
export const PROPOSAL_IMPORT_SHEET = 'Usulan';

/** GET assigned-consultant: sorted by active tasks or by name (spec §7). */
const ASSIGNED_CONSULTANT_SORTS = ['total_proposals', 'name'] as const;

/** GET assigned-consultant's query: a paged list, by active tasks unless asked otherwise. */
export const ZAssignedConsultantQuery = ZListQuery.extend({
  sort_by: z
    .enum(ASSIGNED_CONSULTANT_SORTS, { error: unknownSortMessage(ASSIGNED_CONSULTANT_SORTS) })
    .optional()
    .default('total_proposals'),
});
export type TAssignedConsultantQuery = z.output<typeof ZAssignedConsultantQuery>;
export type TAssignedConsultantSortKey = (typeof ASSIGNED_CONSULTANT_SORTS)[number];

export const VERIFICATION_MESSAGES = {
  noneChosen: 'Pilih minimal 1 usulan untuk diverifikasi',
  notVerifiable: (ids: number[]) =>
    `Usulan berikut tidak dapat diverifikasi (bukan milik Anda atau sudah diverifikasi): ${ids.join(', ')}.`,
  alreadyVerified: (ids: number[]) => `Usulan sudah diverifikasi: ${ids.join(', ')}.`,
} as const;

/** POST verification: the chosen proposals (spec §5: at least one). */
export const ZVerification = z.object({
  proposalId: z
    .array(recordId('Id usulan tidak valid.'), { error: VERIFICATION_MESSAGES.noneChosen })
    .min(1, { error: VERIFICATION_MESSAGES.noneChosen })
    .max(1000, { error: 'Maksimal 1000 usulan sekali verifikasi.' }),
});
export type TVerification = z.input<typeof ZVerification>;

/** GET verification: one type, optional year range. */
export const ZVerificationQuery = z
  .object({
    proposalType: z.enum(PROPOSAL_TYPES, { error: PROPOSAL_MESSAGES.proposalType }),
    startYear: optionalYear,
    endYear: optionalYear,
  })
  .refine(...yearRangeRule);
