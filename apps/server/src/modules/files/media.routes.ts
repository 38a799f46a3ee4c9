import {
  FILE_EXTS,
  FILE_ID_PATTERN,
  FILE_STORES,
  type FileExt,
  type FileStore,
  MAIN_CALLS,
  MAIN_SERVICE_PREFIX,
  MESSAGES,
} from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import type { RequestAuth } from '../auth/request-auth';
import { permissionSlugsOfRole } from '../staff/staff.repository';
import { asciiFileName } from './file-name.rule';
import type { FilesService } from './files.service';

/** The public prefix of stored files; the security headers give it its own, stricter policy. */
export const MEDIA_PREFIX = '/media/';

const POSBLOB = MAIN_CALLS.MarketImageUpload.call ?? 'POSBLOB';

const notFound = () => new ApiError(404, MESSAGES.notFound);

/** `<id>.<ext>` of a media address, or null for anything else. */
function parseMediaName(store: string, name: string): { store: FileStore; id: string; ext: FileExt } | null {
  const dot = name.indexOf('.');
  if (dot < 0) return null;
  const id = name.slice(0, dot);
  const ext = name.slice(dot + 1);
  if (!(FILE_STORES as readonly string[]).includes(store)) return null;
  if (!FILE_ID_PATTERN.test(id) || !(FILE_EXTS as readonly string[]).includes(ext)) return null;
  return { store: store as FileStore, id, ext: ext as FileExt };
}

/**
 * GET /media/<store>/<id>.<ext>: a stored file, read-only and without a session, so an emailed image loads
 * for its recipients; the id is 128 random bits, so an address cannot be guessed. The type is the sniffed
 * one, images are shown inline and everything else is a download; deleted and unknown files are 404.
 */
export function registerMediaRoutes(app: FastifyInstance, deps: { files: FilesService }) {
  app.get<{ Params: { store: string; name: string } }>(
    `${MEDIA_PREFIX}:store/:name`,
    async (request, reply) => {
      const key = parseMediaName(request.params.store, request.params.name);
      if (!key) throw notFound();
      const found = await deps.files.open(key.store, key.id, key.ext);
      if (!found) throw notFound();
      const isImage = found.row.mime.startsWith('image/');
      const downloadName = asciiFileName(found.row.originalName) || `${key.id}.${key.ext}`;
      reply
        .type(found.row.mime)
        .header('content-length', found.size)
        .header(
          'content-disposition',
          isImage
            ? `inline; filename="${key.id}.${key.ext}"`
            : `attachment; filename="${downloadName}"; filename*=UTF-8''${encodeURIComponent(found.row.originalName)}`,
        )
        // Mail clients and web mail fetch emailed images from their own origin.
        .header('cross-origin-resource-policy', 'cross-origin')
        // The bytes under an id never change; a delete is seen once the hour is over.
        .header('cache-control', 'public, max-age=3600');
      return reply.send(found.stream);
    },
  );
}

/**
 * POSBLOB (`POST /api/main/MarketAPI?POSBLOB`, SPEC §7.1) shares its path with the chat's SEND, so the chat's
 * POST route asks this first: it answers when the query names POSBLOB, with the session cookie and
 * marketing-commander, and the editor's image envelope.
 */
export function createMarketImageUpload(deps: { db: Db; requestAuth: RequestAuth; files: FilesService }) {
  return {
    path: `${MAIN_SERVICE_PREFIX}${MAIN_CALLS.MarketImageUpload.path}`,
    /** `?POSBLOB` (SPEC) or `?Call=POSBLOB`. */
    matches: (query: Record<string, unknown>) => Object.hasOwn(query, POSBLOB) || query.Call === POSBLOB,
    async handle(request: FastifyRequest) {
      const { staff, session } = await deps.requestAuth.requireSession(request);
      const slugs = await permissionSlugsOfRole(deps.db, staff.roleId);
      if (!slugs.includes(MAIN_CALLS.MarketImageUpload.access)) throw new ApiError(403, 'Forbidden');
      const url = await deps.files.editorImage(request, {
        staffId: staff.id,
        username: staff.username,
        sessionId: session.id,
        ip: request.ip,
      });
      return { status_code: 200, message: MESSAGES.ok, data: url };
    },
  };
}
export type MarketImageUpload = ReturnType<typeof createMarketImageUpload>;
