import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FILE_ID_PATTERN, FILE_STORES, type FileExt, type FileStore } from '@bo/contract';
import type { AppConfig } from '../../config/config';
import { createS3FileStorage } from './s3-file-storage';

/** Where a stored file's bytes are: only our own random id, the store and the sniffed extension name them. */
export interface StoredFileKey {
  store: FileStore;
  id: string;
  ext: FileExt;
}

/**
 * Where uploaded bytes are kept (ADR 0024). The metadata is in `stored_files`; a store only holds bytes
 * under keys the server made, so an adapter (local disk, or an S3-compatible bucket) never sees a user's name.
 */
export interface FileStorage {
  /** Writes the bytes whole or not at all; `contentType` is the sniffed type, kept where the store keeps one. */
  put(key: StoredFileKey, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes as a stream, or null when the store has none under that key. */
  read(key: StoredFileKey): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the bytes; removing bytes that are already gone is not an error, so a purge can be run again. */
  remove(key: StoredFileKey): Promise<void>;
}

/** A new file id: 128 random bits as hex, unguessable, so a public address cannot be found by counting. */
export const newFileId = (): string => randomBytes(16).toString('hex');

export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The key's name in a store, `<store>/<id>.<ext>`. The parts are checked again here although the callers
 * make them, so no change elsewhere can ever turn a key into a path outside the root or another object.
 */
export function nameOfKey(key: StoredFileKey): string {
  if (!FILE_STORES.includes(key.store) || !FILE_ID_PATTERN.test(key.id) || !/^[a-z]{3,4}$/.test(key.ext))
    throw new Error('invalid file key');
  return `${key.store}/${key.id}.${key.ext}`;
}

/** The key's path under the root. */
export const pathOfKey = (root: string, key: StoredFileKey): string => path.join(root, nameOfKey(key));

/** Files on local disk under `root` (DATA_DIR/files): one directory per store. */
export function createLocalFileStorage(root: string): FileStorage {
  return {
    // The type lives in the row only: a file on disk has nowhere to keep it, and is served from the row.
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
    async remove(key) {
      await rm(pathOfKey(root, key), { force: true });
    },
  };
}

/** The store the configuration asks for: the S3-compatible bucket when S3_ENDPOINT is set, else FILES_DIR. */
export function createFileStorage(config: AppConfig['files']): FileStorage {
  return config.s3 ? createS3FileStorage(config.s3) : createLocalFileStorage(config.dir);
}
