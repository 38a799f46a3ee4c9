import { randomBytes } from 'node:crypto';
import type { FileStore } from '@bo/contract';
import type { Db } from '../db/database';
import { storedFiles } from '../db/schema';

/** A file's row without its bytes (the list and delete read only the row); answers its id. */
export async function insertStoredFile(
  db: Db,
  input: { store?: FileStore; name?: string; uploadedAt?: Date } = {},
): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await db.insert(storedFiles).values({
    id,
    store: input.store ?? 'market',
    originalName: input.name ?? `file-${id.slice(0, 6)}.png`,
    mime: 'image/png',
    ext: 'png',
    size: 68,
    sha256: '0'.repeat(64),
    uploadedAt: input.uploadedAt ?? new Date(),
  });
  return id;
}
