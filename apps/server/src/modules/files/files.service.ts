import {
  type ADMIN_CALLS,
  EDITOR_IMAGE_MAX_BYTES,
  FILE_MESSAGES,
  type FileExt,
  type FileStore,
  IMAGE_FILE_MESSAGE,
  MAIN_CALLS,
  MARKET_IMAGE_FIELD,
  mediaUrlOf,
  STORE_EXTS,
  type StoredFileRow,
  UPLOAD_FILE_FIELD,
} from '@bo/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { pageOffset } from '../../lib/paging';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, type Claimant, recordChange } from '../audit/audit.service';
import { displayNameOf } from './file-name.rule';
import { sniffFileType } from './file-sniff';
import { type FileStorage, newFileId, sha256Of } from './file-storage';
import {
  countFiles,
  deletePurgedFile,
  filesDeletedBefore,
  findLiveFile,
  insertFile,
  listFiles,
  type StoredFileData,
  softDeleteFile,
} from './files.repository';
import { readUpload, UploadRefused } from './multipart-upload';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export const AUDIT_ENTITY = 'file';

export const rowOf = (r: StoredFileData): StoredFileRow => ({
  ID: r.id,
  Store: r.store,
  Name: r.originalName,
  Type: r.mime,
  Ext: r.ext,
  Size: r.size,
  Sha256: r.sha256,
  UploadedBy: r.uploadedBy,
  UploadedOn: r.uploadedAt.toISOString(),
  Url: mediaUrlOf(r.store, r.id, r.ext),
});

/** What an audit entry keeps of a file: enough to say which one, never its bytes. */
const auditOf = (r: StoredFileData) => ({
  store: r.store,
  name: r.originalName,
  type: r.mime,
  size: r.size,
  sha256: r.sha256,
});

/** Who the audit log names for a purge: the server's own job, no staff member. */
export const PURGE_ACTOR: Claimant = { staffId: null, username: 'files-purge', ip: '127.0.0.1' };

const DAY_MS = 86_400_000;

export interface FilesDeps {
  db: Db;
  now: () => Date;
  storage: FileStorage;
  /** The Files screens' limit (FILES_MAX_BYTES); the editor's images have their own 5 MB. */
  maxBytes: number;
}

export function createFilesService(deps: FilesDeps) {
  const { db, now, storage } = deps;

  /**
   * Reads, sniffs and keeps one upload: the bytes under a new random id and the sniffed extension, the row
   * and its audit entry in one transaction. `refuse` words every refusal for the caller's users.
   */
  async function store(
    request: FastifyRequest,
    target: {
      store: FileStore;
      field: string;
      maxBytes: number;
      /** Whether the text fields sent beside the file are right (checked before anything is kept). */
      fields?: (fields: Record<string, string>) => boolean;
    },
    actor: Actor,
    refuse: (problem: 'missing' | 'too-large' | 'type' | 'malformed') => ApiError,
  ): Promise<StoredFileData> {
    let upload: Awaited<ReturnType<typeof readUpload>>;
    try {
      upload = await readUpload(request, { field: target.field, maxBytes: target.maxBytes });
    } catch (error) {
      if (error instanceof UploadRefused) throw refuse(error.problem);
      throw error;
    }
    if (target.fields && !target.fields(upload.fields)) throw refuse('malformed');
    const sniffed = await sniffFileType(upload.bytes);
    if (!sniffed || !STORE_EXTS[target.store].includes(sniffed.ext)) throw refuse('type');
    const row: StoredFileData = {
      id: newFileId(),
      store: target.store,
      originalName: displayNameOf(upload.filename),
      mime: sniffed.mime,
      ext: sniffed.ext,
      size: upload.bytes.length,
      sha256: sha256Of(upload.bytes),
      uploadedBy: actor.username,
      uploadedAt: now(),
    };
    await storage.put({ store: row.store, id: row.id, ext: row.ext }, upload.bytes, row.mime);
    await db.transaction(async (tx) => {
      await insertFile(tx, { ...row, uploadedByStaffId: actor.staffId });
      await recordChange(tx, actor, {
        action: 'upload',
        entity: AUDIT_ENTITY,
        id: row.id,
        after: auditOf(row),
      });
    });
    return row;
  }

  return {
    async list(params: Params<'ListFiles'>) {
      const filter = { store: params.Store, keyword: params.keyword, kind: params.kind };
      const [total, rows] = await Promise.all([
        countFiles(db, filter),
        listFiles(db, filter, {
          sort: params.sort,
          order: params.order,
          limit: params.limit,
          offset: pageOffset(params),
        }),
      ]);
      return {
        records: rows.map(rowOf),
        meta: {
          total,
          offset: pageOffset(params),
          limit: params.limit,
          page: params.page,
          maxBytes: deps.maxBytes,
        },
      };
    },

    /** A Files screen's upload (multipart part `file`): images and PDF, at most FILES_MAX_BYTES. */
    async upload(
      params: Params<'UploadFile'>,
      request: FastifyRequest,
      actor: Actor,
    ): Promise<StoredFileRow> {
      const row = await store(
        request,
        { store: params.Store, field: UPLOAD_FILE_FIELD, maxBytes: deps.maxBytes },
        actor,
        (problem) =>
          badRequest(
            problem === 'too-large'
              ? FILE_MESSAGES.tooLarge(deps.maxBytes)
              : problem === 'type'
                ? FILE_MESSAGES.type
                : FILE_MESSAGES.missing,
          ),
      );
      return rowOf(row);
    },

    /**
     * The editor's image (POSBLOB, SPEC §7.1): part `file123`, `Price` = 1, an image of at most 5 MB. Every
     * refusal is SPEC §5's one message, as the interface with the editor fixes it. Answers the public address.
     */
    async editorImage(request: FastifyRequest, actor: Actor): Promise<string> {
      const row = await store(
        request,
        {
          store: 'editor',
          field: MARKET_IMAGE_FIELD,
          maxBytes: EDITOR_IMAGE_MAX_BYTES,
          fields: (fields) => MAIN_CALLS.MarketImageUpload.params.safeParse(fields).success,
        },
        actor,
        () => badRequest(IMAGE_FILE_MESSAGE),
      );
      return mediaUrlOf(row.store, row.id, row.ext);
    },

    async remove(params: Params<'DeleteFile'>, actor: Actor): Promise<StoredFileRow> {
      return db.transaction(async (tx) => {
        const before = await findLiveFile(tx, params.Store, params.ID);
        if (
          !before ||
          !(await softDeleteFile(tx, params.Store, params.ID, { staffId: actor.staffId, at: now() }))
        )
          throw new ApiError(404, FILE_MESSAGES.notFound);
        await recordChange(tx, actor, {
          action: 'delete',
          entity: AUDIT_ENTITY,
          id: params.ID,
          before: auditOf(before),
        });
        return rowOf(before);
      });
    },

    /**
     * Purges up to `limit` files deleted more than `afterDays` days ago (FILES_PURGE_AFTER_DAYS): their bytes
     * leave the store, then their rows go, each with an audit entry that keeps the file's details. Bytes go
     * first, so a run stopped half-way leaves a row whose bytes the next run removes again (removing is
     * idempotent), never bytes no row points at. `more` says a full batch was taken and others may wait.
     */
    async purgeDeleted(afterDays: number, limit: number): Promise<{ purged: number; more: boolean }> {
      const batch = await filesDeletedBefore(db, new Date(now().getTime() - afterDays * DAY_MS), limit);
      let purged = 0;
      for (const row of batch) {
        await storage.remove({ store: row.store, id: row.id, ext: row.ext });
        const removed = await db.transaction(async (tx) => {
          if (!(await deletePurgedFile(tx, row.store, row.id))) return false;
          await recordChange(tx, PURGE_ACTOR, {
            action: 'purge',
            entity: AUDIT_ENTITY,
            id: row.id,
            before: { ...auditOf(row), deletedAt: row.deletedAt.toISOString() },
          });
          return true;
        });
        if (removed) purged++;
      }
      return { purged, more: batch.length === limit };
    },

    /** A live file's bytes for the public address; null when unknown, deleted or not of that extension. */
    async open(store: FileStore, id: string, ext: FileExt) {
      const row = await findLiveFile(db, store, id);
      if (!row || row.ext !== ext) return null;
      const bytes = await storage.read({ store, id, ext });
      return bytes ? { row, ...bytes } : null;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
