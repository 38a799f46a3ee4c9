import { z } from 'zod';
import {
  FILE_ID_PATTERN,
  FILE_KINDS,
  FILE_SORT_COLUMNS,
  FILES_PAGE_SIZE,
  STAFF_FILE_STORES,
  storedFileRowSchema,
} from '../../entities/stored-file.schema';
import { adminCalls, list, pageMetaSchema, pageOf, pageParams, post, upload } from '../define';

const store = z.enum(STAFF_FILE_STORES, `The store must be one of ${STAFF_FILE_STORES.join(', ')}`);

export const fileListParamsSchema = z.object({
  Store: store,
  /** A part of the file name. */
  keyword: z
    .string({ error: 'The keyword must be text' })
    .trim()
    .max(100, 'The keyword must be at most 100 characters')
    .default(''),
  kind: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(FILE_KINDS, `The type must be one of ${FILE_KINDS.join(', ')}`).optional(),
  ),
  ...pageParams(FILE_SORT_COLUMNS, { pageSize: FILES_PAGE_SIZE }),
});
export type FileListParams = z.input<typeof fileListParamsSchema>;

/** The list answer also says the upload limit, so the screen's precheck uses the server's figure. */
export const fileListAnswerSchema = pageOf(storedFileRowSchema).extend({
  meta: pageMetaSchema.extend({ maxBytes: z.number().int().positive() }),
});

export const fileIdParam = z
  .string({ error: 'The file id is required' })
  .regex(FILE_ID_PATTERN, 'The file id must be 32 hexadecimal digits');

/**
 * Files of the Market and POS apps (marketing-commander, ADR 0003/0024). The upload is a multipart POST:
 * `Store` in the query, the file in the `file` part; the server sniffs its type and never uses its name.
 */
export const FILE_CALLS = adminCalls({
  /** The live files of a store, server-paged, filtered by name and kind, sorted. */
  ListFiles: list('marketing-commander', fileListParamsSchema, fileListAnswerSchema),
  /** Stores one file (multipart, field `file`); answers its row. Audited. */
  UploadFile: upload('marketing-commander', z.object({ Store: store }), storedFileRowSchema),
  /** Soft-deletes a file: its address answers 404 from then on. Audited; a second delete is a 404. */
  DeleteFile: post('marketing-commander', z.object({ Store: store, ID: fileIdParam }), storedFileRowSchema),
});

/** The multipart part that carries the file of UploadFile. */
export const UPLOAD_FILE_FIELD = 'file';
