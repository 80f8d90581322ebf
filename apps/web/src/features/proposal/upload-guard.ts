import { PROPOSAL_MESSAGES, UPLOAD_LIMITS } from '@eusulan/shared';

/** What one upload field takes (spec §5, §9). */
export interface UploadRule {
  extensions: readonly string[];
  maxBytes: number;
  maxFiles: number;
}

/** Proposal attachments: png, jpg, jpeg, pdf; up to 10 per upload. */
export const PROPOSAL_FILE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf'] as const;
/** Photos preview only for png, jpg and jpeg (spec §9). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

export const proposalFileRule = (maxBytes: number): UploadRule => ({
  extensions: PROPOSAL_FILE_EXTENSIONS,
  maxBytes,
  maxFiles: UPLOAD_LIMITS.maxFilesPerUpload,
});

/** The proposal import: one .xlsx of at most 50 MB. */
export const IMPORT_FILE_RULE: UploadRule = {
  extensions: ['xlsx'],
  maxBytes: UPLOAD_LIMITS.importBytes,
  maxFiles: 1,
};

/** The completed-work import (spec §5, §9): one .zip or .kmz of at most 50 MB. */
export const ZIP_IMPORT_RULE: UploadRule = {
  // A .kmz is Google Earth's zip of a KML.
  extensions: ['zip', 'kmz'],
  maxBytes: UPLOAD_LIMITS.importBytes,
  maxFiles: 1,
};

/** The accept attribute of a file input for a rule: '.png,.jpg,.jpeg,.pdf'. */
export const acceptOf = (rule: UploadRule) => rule.extensions.map((ext) => `.${ext}`).join(',');

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export const isImageName = (name: string) =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name));

interface CandidateFile {
  name: string;
  size: number;
}

const toMegabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * Why a file may not join a list that already holds `alreadyChosen` files, or null when it may: too many
 * files, a type outside the rule ('Silahkan periksa file Anda lagi'), or over the size limit.
 */
export function uploadProblem(file: CandidateFile, alreadyChosen: number, rule: UploadRule): string | null {
  if (alreadyChosen >= rule.maxFiles) return PROPOSAL_MESSAGES.fileCount(rule.maxFiles);
  if (!rule.extensions.includes(extensionOf(file.name))) return PROPOSAL_MESSAGES.fileType;
  if (file.size > rule.maxBytes) return PROPOSAL_MESSAGES.fileSize(toMegabytes(rule.maxBytes));
  return null;
}

/**
 * The problem of one file of a batch chosen together: the files of the batch before it that pass count
 * towards the limit, the ones that were refused do not.
 */
export function batchUploadProblem<TFile extends CandidateFile>(
  file: TFile,
  batch: readonly TFile[],
  alreadyChosen: number,
  rule: UploadRule,
): string | null {
  let accepted = alreadyChosen;
  for (const item of batch) {
    const problem = uploadProblem(item, accepted, rule);
    if (item === file) return problem;
    if (problem === null) accepted += 1;
  }
  return uploadProblem(file, accepted, rule);
}
