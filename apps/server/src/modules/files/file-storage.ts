import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FILE_ID_PATTERN, FILE_STORES, type FileExt, type FileStore } from '@bo/contract';
import type { AppConfig } from '../../config/config';

/** Where a stored file's bytes are: only our own random id, the store and the sniffed extension name them. */
export interface StoredFileKey {
  store: FileStore;
  id: string;
  ext: FileExt;
}

/**
 * Where uploaded bytes are kept (ADR 0024). The metadata is in `stored_files`; a store only holds bytes
 * under keys the server made, so an adapter (local disk today, S3-compatible later) never sees a user's name.
 */
export interface FileStorage {
  /** Writes the bytes whole or not at all. */
  put(key: StoredFileKey, bytes: Buffer): Promise<void>;
  /** The bytes as a stream, or null when the store has none under that key. */
  read(key: StoredFileKey): Promise<{ stream: Readable; size: number } | null>;
}

/** A new file id: 128 random bits as hex, unguessable, so a public address cannot be found by counting. */
export const newFileId = (): string => randomBytes(16).toString('hex');

export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The key's path under the root. The parts are checked again here although the callers make them, so no
 * change elsewhere can ever turn a key into a path outside the root.
 */
export function pathOfKey(root: string, key: StoredFileKey): string {
  if (!FILE_STORES.includes(key.store) || !FILE_ID_PATTERN.test(key.id) || !/^[a-z]{3,4}$/.test(key.ext))
    throw new Error('invalid file key');
  return path.join(root, key.store, `${key.id}.${key.ext}`);
}

/** Files on local disk under `root` (DATA_DIR/files): one directory per store. */
export function createLocalFileStorage(root: string): FileStorage {
  return {
    async put(key, bytes) {
      const target = pathOfKey(root, key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed: a reader sees the whole file or none, never a half-written one.
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      const handle = await open(temp, 'wx', 0o640);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      await rename(temp, target);
    },
    async read(key) {
      const file = pathOfKey(root, key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

/**
 * The store the configuration asks for. The S3-compatible adapter is not built (its client library is not a
 * dependency yet): a server told to use S3 refuses to start instead of quietly keeping files on local disk.
 */
export function createFileStorage(config: AppConfig['files']): FileStorage {
  if (config.s3)
    throw new Error(
      'S3_ENDPOINT is set, but the S3-compatible file store is not built yet (ADR 0024); unset S3_ENDPOINT to keep files under FILES_DIR',
    );
  return createLocalFileStorage(config.dir);
}
