import { createReadStream, type Dirent } from 'node:fs';
import { access, constants, copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (DESIGN §2). Keys are relative paths such as `proposals/12/ab34.png`; the
 * records in the database hold the key, never a path. The S3 driver (s3-file-storage.ts) implements the same
 * interface; create-file-storage.ts picks one by STORAGE_DRIVER.
 */
export interface FileStorage {
  /**
   * Moves a staged local file (an upload already checked) into storage under `key`, durably: when it
   * resolves the file survives a power cut, so a row that names it may commit.
   */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** A stream of the stored file (or of bytes start..end inclusive); rejects when it is missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored key (the start-up reconciliation compares them with the database's). */
  listKeys(): Promise<string[]>;
  /**
   * Resolves when the store can take files now (GET /api/ready): the local driver's folders exist and are
   * writable; the S3 driver asks for its bucket. Rejects with the reason otherwise.
   */
  checkReachable(): Promise<void>;
  /**
   * A local directory for staging uploads while a request is checked: on the same disk as the local store
   * (so placing a file is a rename); with S3 the checked file is streamed up from here.
   */
  readonly stagingDir: string;
}

export interface ByteRange {
  start: number;
  end: number;
}

export class StoredFileMissingError extends Error {}

/** fsync of a file or directory: its content, or its entries (a rename or a new file), reach the disk. */
async function syncPath(target: string) {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows) refuse to sync a directory; their file systems order metadata themselves.
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF'].includes((error as NodeJS.ErrnoException).code ?? '')) {
      throw error;
    }
  } finally {
    await handle.close();
  }
}

/** The embedded default: files under `<DATA_DIR>/files`, never inside a served static folder. */
export function createLocalFileStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, 'files');
  const stagingDir = path.resolve(dataDir, 'tmp', 'uploads');

  /** Resolves a key inside the root; a key that climbs out (`..`, absolute) is a programming error. */
  function pathOf(key: string) {
    const target = path.resolve(root, key);
    if (!target.startsWith(`${root}${path.sep}`)) throw new Error(`Kunci penyimpanan tidak valid: ${key}`);
    return target;
  }

  return {
    stagingDir,
    async putFile(key, sourcePath) {
      const target = pathOf(key);
      const directory = path.dirname(target);
      const firstCreated = await mkdir(directory, { recursive: true });
      try {
        await rename(sourcePath, target);
      } catch (error) {
        // Staging and store on different devices: copy, then drop the staged file.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(sourcePath, target);
        await rm(sourcePath, { force: true });
      }
      // Write-ahead: the content and every directory entry leading to it are on disk before the caller
      // commits the row, so a committed row never names a file a power cut took away.
      await syncPath(target);
      const synced = firstCreated ? path.dirname(firstCreated) : directory;
      for (let dir = directory; ; dir = path.dirname(dir)) {
        await syncPath(dir);
        if (dir === synced || dir === path.dirname(dir)) break;
      }
    },
    async read(key, range) {
      const target = pathOf(key);
      try {
        await stat(target);
      } catch {
        throw new StoredFileMissingError(key);
      }
      return createReadStream(target, range ? { start: range.start, end: range.end } : undefined);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async checkReachable() {
      for (const dir of [root, stagingDir]) {
        await mkdir(dir, { recursive: true });
        await access(dir, constants.W_OK);
      }
    },
    async listKeys() {
      let entries: Dirent[];
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        );
    },
  };
}
