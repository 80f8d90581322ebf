import { UPLOAD_LIMITS } from '@eusulan/shared';
import { IMAGE_EXTENSIONS, type UploadRule } from '../proposal/upload-guard.ts';

/**
 * Survey photos: png, jpg, jpeg up to 20 MB (docs/decisions.md, "Surveys and the printed report"), up to 10
 * chosen at once.
 */
export const SURVEY_PHOTO_RULE: UploadRule = {
  extensions: IMAGE_EXTENSIONS,
  maxBytes: UPLOAD_LIMITS.surveyPhotoBytes,
  maxFiles: UPLOAD_LIMITS.maxFilesPerUpload,
};

/** Field videos: the kinds the server accepts by content (mp4 plays inline, spec §9), up to 200 MB. */
export const SURVEY_VIDEO_RULE: UploadRule = {
  extensions: ['mp4', 'm4v', 'mov', 'webm', '3gp', 'mkv', 'avi'],
  maxBytes: UPLOAD_LIMITS.surveyVideoBytes,
  maxFiles: UPLOAD_LIMITS.maxFilesPerUpload,
};

/** The accept attribute: extensions, plus the MIME families phones need to offer their camera. */
export const PHOTO_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
export const VIDEO_ACCEPT = `${SURVEY_VIDEO_RULE.extensions.map((ext) => `.${ext}`).join(',')},video/*`;
