import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MB, PROPOSAL_MESSAGES } from '@eusulan/shared';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import sanitizeFilename from 'sanitize-filename';
import { HttpError, invalid, VALIDATION_MESSAGE } from './http-error.ts';

/** A file type the product accepts, judged by its content (magic bytes), never by its name. */
interface AcceptedType {
  ext: string;
  mime: string;
  /** Name extensions that mean this type (jpeg for jpg). */
  aliases: readonly string[];
}

export const DOCUMENT_TYPES: readonly AcceptedType[] = [
  { ext: 'png', mime: 'image/png', aliases: ['png'] },
  { ext: 'jpg', mime: 'image/jpeg', aliases: ['jpg', 'jpeg'] },
  { ext: 'pdf', mime: 'application/pdf', aliases: ['pdf'] },
];

export const IMAGE_TYPES: readonly AcceptedType[] = DOCUMENT_TYPES.filter((type) => type.ext !== 'pdf');

/** Field videos: mp4 plays inline, the others are offered for download (spec §9). */
export const VIDEO_TYPES: readonly AcceptedType[] = [
  { ext: 'mp4', mime: 'video/mp4', aliases: ['mp4', 'm4v'] },
  { ext: 'mov', mime: 'video/quicktime', aliases: ['mov'] },
  { ext: 'webm', mime: 'video/webm', aliases: ['webm'] },
  { ext: '3gp', mime: 'video/3gpp', aliases: ['3gp'] },
  { ext: 'mkv', mime: 'video/x-matroska', aliases: ['mkv'] },
  { ext: 'avi', mime: 'video/vnd.avi', aliases: ['avi'] },
];

export const XLSX_TYPES: readonly AcceptedType[] = [
  {
    ext: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    aliases: ['xlsx'],
  },
];

/**
 * Completed-work imports (spec §5): one .zip, or a .kmz (Google Earth's zip of a KML), which keeps its name; a
 * zip that is really an xlsx, jar or apk is not one.
 */
export const ZIP_TYPES: readonly AcceptedType[] = [
  { ext: 'zip', mime: 'application/zip', aliases: ['zip', 'kmz'] },
];

export interface UploadRules {
  /** Field names that carry files (`files` also matches `files[]`). */
  fileFields: readonly string[];
  maxFiles: number;
  maxFileBytes: number;
  accept: readonly AcceptedType[];
  /** Where staged uploads are written until the request is done. */
  stagingDir: string;
}

export interface UploadedFile {
  field: string;
  /** The sanitised name with the extension of its real type. */
  name: string;
  ext: string;
  mimeType: string;
  size: number;
  tempPath: string;
}

export interface MultipartForm {
  /** Text fields; a field sent more than once (`existingFileId[]`) becomes a list. */
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
  /** Deletes the staged files that were not moved into storage. Safe to call twice. */
  discard(): Promise<void>;
}

/** `files[]`, `files[0]` and `files` are the same field. */
const normaliseFieldName = (name: string) => name.replace(/\[\d*\]$/, '');

/**
 * A request refused at a limit while its body is still coming: the connection is closed after the answer,
 * so the rest of the body is neither read nor drained (keep-alive would read it all to reuse the socket).
 */
const STOP_READING = { connection: 'close' };

const fileSizeError = (bytes: number) =>
  new HttpError(
    422,
    VALIDATION_MESSAGE,
    { files: [PROPOSAL_MESSAGES.fileSize(Math.round(bytes / MB))] },
    STOP_READING,
  );

/** Maps the multipart parser's own errors to Indonesian 4xx answers. */
function multipartError(error: unknown, rules: UploadRules): unknown {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileSizeError(rules.maxFileBytes);
    case 'FST_FILES_LIMIT':
      return new HttpError(
        422,
        VALIDATION_MESSAGE,
        { files: [PROPOSAL_MESSAGES.fileCount(rules.maxFiles)] },
        STOP_READING,
      );
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'Terlalu banyak isian dalam satu permintaan.', undefined, STOP_READING);
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'Nama isian tidak diizinkan.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(400, 'Data harus dikirim sebagai multipart/form-data.');
    default:
      // A client that hangs up mid-upload, or a malformed body.
      if (error instanceof HttpError) return error;
      return new HttpError(400, 'Data unggahan tidak dapat dibaca.');
  }
}

/** The original name without folders or unsafe characters, with the extension of its real type. */
export function safeFileName(original: string, type: AcceptedType): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const nameExt = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const ext = type.aliases.includes(nameExt) ? nameExt : type.ext;
  const spaced = sanitizeFilename(stem, { replacement: '_' })
    // Control and format characters: a right-to-left override shows 'foto\u202Egnp.exe' as 'fotoexe.png'.
    .replace(/[\s\p{Cc}\p{Cf}\p{Cs}]+/gu, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
  // Cut by code points: a cut through a surrogate pair leaves text no URL or header encoding takes.
  const cleanStem = Array.from(spaced).slice(0, 150).join('').trim() || 'file';
  return `${cleanStem}.${ext}`;
}

/**
 * Reads a multipart request: text fields, and files staged on disk with their type checked by content.
 * Anything wrong (too many, too big, wrong type) is a 422 with the spec's text and nothing stays staged.
 * A JSON body is accepted too, as fields without files.
 */
export async function readMultipart(request: FastifyRequest, rules: UploadRules): Promise<MultipartForm> {
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  const staged: string[] = [];
  const discard = async () => {
    await Promise.all(staged.splice(0).map((file) => rm(file, { force: true })));
  };
  const addField = (name: string, value: string) => {
    const current = fields[name];
    if (current === undefined) fields[name] = value;
    else fields[name] = Array.isArray(current) ? [...current, value] : [current, value];
  };

  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [name, value] of Object.entries(body)) {
        for (const item of Array.isArray(value) ? value : [value]) {
          if (item === null || item === undefined) continue;
          // A nested object is no form field: kept as its JSON, which validation then refuses (String() of
          // an object whose own 'toString' is not a function throws).
          addField(normaliseFieldName(name), typeof item === 'object' ? JSON.stringify(item) : String(item));
        }
      }
    }
    return { fields, files, discard };
  }

  await mkdir(rules.stagingDir, { recursive: true });
  const pending: { field: string; filename: string; tempPath: string; size: number }[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: rules.maxFileBytes,
        files: rules.maxFiles,
        fields: 200,
        fieldSize: 100_000,
        parts: 300,
      },
    });
    for await (const part of parts) {
      const field = normaliseFieldName(part.fieldname);
      if (part.type === 'field') {
        addField(field, String(part.value ?? ''));
        continue;
      }
      if (!rules.fileFields.includes(field) || !part.filename) {
        // A file in a field we do not take (or an empty file input): read past it.
        part.file.resume();
        continue;
      }
      const tempPath = path.join(rules.stagingDir, randomUUID());
      staged.push(tempPath);
      let size = 0;
      part.file.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      // Refused the moment it passes the limit: without this the rest of the part is read (and dropped)
      // before the answer.
      part.file.once('limit', () => part.file.destroy(fileSizeError(rules.maxFileBytes)));
      await pipeline(part.file, createWriteStream(tempPath));
      if (part.file.truncated) throw fileSizeError(rules.maxFileBytes);
      pending.push({ field, filename: part.filename, tempPath, size });
    }
  } catch (error) {
    await discard();
    throw multipartError(error, rules);
  }

  for (const file of pending) {
    const detected = file.size > 0 ? await fileTypeFromFile(file.tempPath) : undefined;
    const type = rules.accept.find((accepted) => accepted.ext === detected?.ext);
    if (!type) {
      await discard();
      throw invalid({ files: [`${PROPOSAL_MESSAGES.fileType} (${safeText(file.filename)})`] });
    }
    files.push({
      field: file.field,
      name: safeFileName(file.filename, type),
      ext: type.ext,
      mimeType: type.mime,
      size: file.size,
      tempPath: file.tempPath,
    });
  }
  return { fields, files, discard };
}

/** A client-sent name, shortened and stripped of control characters, for an error message. */
const safeText = (text: string) => text.replace(/\p{Cc}/gu, '').slice(0, 100);
