import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { completedWorkImports, importedFiles, typeWorkColors, users } from '../db/schema/index.ts';
import { HttpError } from './http-error.ts';

// The file-level guard both importers share (proposal workbooks, completed-work zips): a file is stored once.
// It lives here rather than in one domain because the two importers and the job runner all meet it.

export type ImportKind = 'proposal' | 'completed-work';

/** The file's SHA-256 in hex, read as a stream (a completed-work zip may be hundreds of megabytes). */
export async function fileSha256(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(filePath), hash);
  return hash.digest('hex');
}

/** An earlier import of the same file: who stored it, what and where, for the refusal's message. */
async function findImportedFile(db: Db, kind: ImportKind, sha256: string) {
  const [row] = await db
    .select({
      fileName: importedFiles.fileName,
      itemCount: importedFiles.itemCount,
      importedBy: users.name,
      year: completedWorkImports.year,
      typeWork: typeWorkColors.typeWork,
    })
    .from(importedFiles)
    .leftJoin(users, eq(users.id, importedFiles.importedById))
    .leftJoin(completedWorkImports, eq(completedWorkImports.id, importedFiles.completedWorkImportId))
    .leftJoin(typeWorkColors, eq(typeWorkColors.id, completedWorkImports.typeWorkColorId))
    .where(and(eq(importedFiles.kind, kind), eq(importedFiles.sha256, sha256)));
  return row;
}

type EarlierImport = NonNullable<Awaited<ReturnType<typeof findImportedFile>>>;

/** 409: the file was stored before; the message says by whom and what it holds, so staff can find it. */
export class RepeatedImport extends HttpError {
  constructor(kind: ImportKind, earlier: EarlierImport | undefined) {
    super(409, repeatedImportMessage(kind, earlier));
  }
}

function repeatedImportMessage(kind: ImportKind, earlier: EarlierImport | undefined) {
  if (!earlier) return 'Berkas ini sudah pernah diimpor; data yang sama tidak diimpor dua kali.';
  const by = earlier.importedBy ? ` oleh ${earlier.importedBy}` : '';
  const what =
    kind === 'proposal'
      ? `${earlier.itemCount} usulan`
      : `${earlier.itemCount} pekerjaan, Pekerjaan Selesai tahun ${earlier.year ?? '-'} jenis ${earlier.typeWork ?? '-'}`;
  return `Berkas ini sudah pernah diimpor${by} (${earlier.fileName}, ${what}); data yang sama tidak diimpor dua kali.`;
}

/** Refuses a file an earlier import stored, before it is read: a repeat is told at once. */
export async function refuseImportedFile(db: Db, kind: ImportKind, sha256: string) {
  const earlier = await findImportedFile(db, kind, sha256);
  if (earlier) throw new RepeatedImport(kind, earlier);
}

/**
 * Records the file inside the transaction that stores its data. Two imports of one file at once meet at the
 * unique index: the later insert waits for the first transaction, then finds the row and is refused.
 */
export async function recordImportedFile(
  tx: Db,
  file: {
    kind: ImportKind;
    sha256: string;
    fileName: string;
    itemCount: number;
    importedById: number | null;
    completedWorkImportId?: number;
  },
) {
  const inserted = await tx
    .insert(importedFiles)
    .values(file)
    .onConflictDoNothing()
    .returning({ id: importedFiles.id });
  if (!inserted.length)
    throw new RepeatedImport(file.kind, await findImportedFile(tx, file.kind, file.sha256));
}
