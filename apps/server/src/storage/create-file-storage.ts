import type { AppConfig } from '../config.ts';
import { createLocalFileStorage, type FileStorage } from './file-storage.ts';
import { createS3FileStorage } from './s3-file-storage.ts';

/** The store STORAGE_DRIVER names; loadConfig has already refused s3 without its bucket and keys. */
export function createFileStorage(config: AppConfig): FileStorage {
  if (config.STORAGE_DRIVER === 'local') return createLocalFileStorage(config.DATA_DIR);
  return createS3FileStorage({
    dataDir: config.DATA_DIR,
    bucket: config.S3_BUCKET as string,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID as string,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY as string,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? config.S3_ENDPOINT !== undefined,
    prefix: config.S3_PREFIX,
  });
}
