import type { FileExt, FileKind, FileStore } from '@bo/contract';
import { and, asc, desc, eq, ilike, isNotNull, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { staff, storedFiles } from '../../db/schema';
import { escapeLike } from '../transactions/keyword.rule';

const f = storedFiles;

export interface StoredFileData {
  id: string;
  store: FileStore;
  originalName: string;
  mime: string;
  ext: FileExt;
  size: number;
  sha256: string;
  uploadedBy: string | null;
  uploadedAt: Date;
}

export interface FileFilter {
  store: FileStore;
  keyword: string;
  kind?: FileKind | undefined;
}

export type FileSortColumn = 'UploadedOn' | 'Name' | 'Size' | 'Type';

const columns = {
  id: f.id,
  store: f.store,
  originalName: f.originalName,
  mime: f.mime,
  ext: f.ext,
  size: f.size,
  sha256: f.sha256,
  uploadedBy: staff.username,
  uploadedAt: f.uploadedAt,
};

const typed = (rows: Array<Record<keyof typeof columns, unknown>>) => rows as unknown as StoredFileData[];

/** A store's live files, with the list's filters; each order is one partial index (migration 0025). */
function whereOf(filter: FileFilter): SQL | undefined {
  return and(
    eq(f.store, filter.store),
    isNull(f.deletedAt),
    filter.keyword ? ilike(f.originalName, `%${escapeLike(filter.keyword)}%`) : undefined,
    filter.kind === 'pdf' ? eq(f.mime, 'application/pdf') : undefined,
    filter.kind === 'image' ? ne(f.mime, 'application/pdf') : undefined,
  );
}

const ORDERS: Record<FileSortColumn, (dir: typeof asc) => SQL[]> = {
  UploadedOn: (dir) => [dir(f.uploadedAt), dir(f.id)],
  Name: (dir) => [dir(f.originalName), dir(f.id)],
  Size: (dir) => [dir(f.size), dir(f.id)],
  Type: (dir) => [dir(f.mime), dir(f.uploadedAt), dir(f.id)],
};

export async function listFiles(
  db: DbOrTx,
  filter: FileFilter,
  page: { sort: FileSortColumn; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<StoredFileData[]> {
  const rows = await db
    .select(columns)
    .from(f)
    .leftJoin(staff, eq(staff.id, f.uploadedByStaffId))
    .where(whereOf(filter))
    .orderBy(...ORDERS[page.sort](page.order === 'asc' ? asc : desc))
    .limit(page.limit)
    .offset(page.offset);
  return typed(rows);
}

export async function countFiles(db: DbOrTx, filter: FileFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(f).where(whereOf(filter));
  return row?.n ?? 0;
}

/** A live file of a store, or undefined (unknown, deleted, or in another store). */
export async function findLiveFile(
  db: DbOrTx,
  store: FileStore,
  id: string,
): Promise<StoredFileData | undefined> {
  const rows = await db
    .select(columns)
    .from(f)
    .leftJoin(staff, eq(staff.id, f.uploadedByStaffId))
    .where(and(eq(f.store, store), eq(f.id, id), isNull(f.deletedAt)));
  return typed(rows)[0];
}

export async function insertFile(
  db: DbOrTx,
  row: Omit<StoredFileData, 'uploadedBy'> & { uploadedByStaffId: number },
): Promise<void> {
  await db.insert(f).values({
    id: row.id,
    store: row.store,
    originalName: row.originalName,
    mime: row.mime,
    ext: row.ext,
    size: row.size,
    sha256: row.sha256,
    uploadedByStaffId: row.uploadedByStaffId,
    uploadedAt: row.uploadedAt,
  });
}

/** Marks a live file deleted; false when it was not live (already deleted, so a second delete changes nothing). */
export async function softDeleteFile(
  db: DbOrTx,
  store: FileStore,
  id: string,
  by: { staffId: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(f)
    .set({ deletedAt: by.at, deletedByStaffId: by.staffId })
    .where(and(eq(f.store, store), eq(f.id, id), isNull(f.deletedAt)))
    .returning({ id: f.id });
  return rows.length > 0;
}

/** Files deleted before `before`, longest-deleted first: the purge's next batch (FILES_PURGE_AFTER_DAYS). */
export async function filesDeletedBefore(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<Array<StoredFileData & { deletedAt: Date }>> {
  const rows = await db
    .select({ ...columns, deletedAt: f.deletedAt })
    .from(f)
    .leftJoin(staff, eq(staff.id, f.uploadedByStaffId))
    .where(and(isNotNull(f.deletedAt), lt(f.deletedAt, before)))
    .orderBy(asc(f.deletedAt), asc(f.id))
    .limit(limit);
  return rows as unknown as Array<StoredFileData & { deletedAt: Date }>;
}

/**
 * Removes a deleted file's row once its bytes are purged; false when another run (or instance) removed it
 * first, so only one of them audits the purge. A live file is never removed here.
 */
export async function deletePurgedFile(db: DbOrTx, store: FileStore, id: string): Promise<boolean> {
  const rows = await db
    .delete(f)
    .where(and(eq(f.store, store), eq(f.id, id), isNotNull(f.deletedAt)))
    .returning({ id: f.id });
  return rows.length > 0;
}
