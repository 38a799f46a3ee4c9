import { z } from 'zod';

/**
 * Where an uploaded file belongs (ADR 0024): the Market and POS apps' files, which staff manage on the two
 * Files screens, and the email editor's images (POSBLOB), which only the editor writes.
 */
export const FILE_STORES = ['market', 'pos', 'editor'] as const;
export type FileStore = (typeof FILE_STORES)[number];
/** The stores the Files screens manage. */
export const STAFF_FILE_STORES = ['market', 'pos'] as const;
export type StaffFileStore = (typeof STAFF_FILE_STORES)[number];

/**
 * The types a file may have, told by its content (sniffed on the server, never by its name or declared type),
 * with the extension it is served under. SVG is never accepted: it is a document that can carry scripts.
 */
export const FILE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
} as const;
export type FileExt = keyof typeof FILE_TYPES;
export const FILE_EXTS = Object.keys(FILE_TYPES) as [FileExt, ...FileExt[]];
export const IMAGE_EXTS = ['png', 'jpg', 'gif', 'webp'] as const satisfies readonly FileExt[];

/**
 * What each store accepts. Market and POS take the same (decided in ADR 0024): images for the apps' pages and
 * PDF for price lists and terms; the editor takes images only (the POSBLOB interface).
 */
export const STORE_EXTS: Record<FileStore, readonly FileExt[]> = {
  market: FILE_EXTS,
  pos: FILE_EXTS,
  editor: IMAGE_EXTS,
};

/** The editor's image limit (POSBLOB interface): 5 MB. */
export const EDITOR_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The Files screens' default limit; the server's FILES_MAX_BYTES may change it and the screen reads it from the list. */
export const FILES_DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** A stored file's id: 128 random bits as 32 hex digits, unguessable, never derived from the name. */
export const FILE_ID_PATTERN = /^[0-9a-f]{32}$/;
/** The public address of a stored file: /media/<store>/<id>.<ext>. */
export const mediaUrlOf = (store: FileStore, id: string, ext: FileExt): string =>
  `/media/${store}/${id}.${ext}`;

/** The kind filter of the Files screens. */
export const FILE_KINDS = ['image', 'pdf'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_SORT_COLUMNS = ['UploadedOn', 'Name', 'Size', 'Type'] as const;
export const FILES_PAGE_SIZE = 25;

export const FILE_MESSAGES = {
  missing: 'Choose a file to upload',
  type: 'Only PNG, JPEG, GIF, WebP images and PDF files can be uploaded',
  tooLarge: (maxBytes: number) => `The file must be at most ${formatFileSize(maxBytes)}`,
  empty: 'The file is empty',
  notFound: 'No file with that id',
} as const;

/** A size as staff read it: bytes, KB or MB with one decimal (1024-based, as file managers show it). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** One stored file as the Files screens list it. */
export const storedFileRowSchema = z.object({
  ID: z.string(),
  Store: z.enum(FILE_STORES),
  /** The uploader's file name, cleaned for display only; it never names anything on disk. */
  Name: z.string(),
  /** The sniffed type. */
  Type: z.enum(Object.values(FILE_TYPES) as [string, ...string[]]),
  Ext: z.enum(FILE_EXTS),
  Size: z.number().int().nonnegative(),
  Sha256: z.string(),
  UploadedBy: z.string().nullable(),
  UploadedOn: z.string(),
  /** Public, read-only address (GET /media/…). */
  Url: z.string(),
});
export type StoredFileRow = z.infer<typeof storedFileRowSchema>;
