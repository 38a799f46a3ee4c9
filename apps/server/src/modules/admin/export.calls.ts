import { Readable } from 'node:stream';
import {
  ADMIN_CALLS,
  ADMIN_SERVICE_PREFIX,
  type AdminCallName,
  EXPORT_PATH,
  exportRequestSchema,
} from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { badRequest } from '../../plugins/errors';
import { recordChange } from '../audit/audit.service';
import { assertAccess, type RequestAuth } from '../auth/request-auth';
import {
  type AdminCallContext,
  type AdminExports,
  type AdminHandlers,
  callContext,
  isCallName,
} from './admin.calls';
import { csvChunks, exportFileName, firstPageRead, pagesOf } from './csv-export.service';

type Params<K extends AdminCallName> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

/**
 * CSV export of a list (ExportList, issue 14): `POST /api/admin/export?Call=X` with `{ params, columns }`.
 * Checked as the admin service checks the call itself (bearer token, the call's access, its own params
 * schema), audited with its filters, then streamed row by row.
 */
export function registerExportService(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date; requestAuth: RequestAuth; handlers: AdminHandlers; exports: AdminExports },
) {
  /** The rows of one list, page by page: its own pages where it has them, else its handler's answers. */
  function pagesOfCall<K extends AdminCallName>(name: K, raw: unknown, context: AdminCallContext) {
    const exporter = deps.exports[name];
    if (!exporter) throw badRequest(`${name} cannot be exported`);
    const params = ADMIN_CALLS[name].params.parse(raw) as Params<K>;
    const handler = deps.handlers[name];
    const fetch = (p: Params<K>) => handler(p, context);
    const pages =
      'pages' in exporter
        ? exporter.pages(params, fetch)
        : pagesOf(params, async (p) => exporter.rows(await fetch(p)));
    return { params, row: exporter.row, pages };
  }

  app.post(`${ADMIN_SERVICE_PREFIX}${EXPORT_PATH}`, async (request, reply) => {
    const name = ((request.query ?? {}) as Record<string, unknown>).Call;
    if (!isCallName(name))
      throw badRequest(`Unknown Call ${typeof name === 'string' ? name.slice(0, 64) : ''}`.trim());
    const call = ADMIN_CALLS[name];
    if (!call.exportable) throw badRequest(`${name} cannot be exported`);
    const staff = await deps.requestAuth.requireBearer(request);
    if (call.access !== 'public') assertAccess(staff, call.access);
    const body = exportRequestSchema.parse(request.body ?? {});
    const context = callContext(staff, request);
    const { params, row, pages } = pagesOfCall(name, body.params, context);
    const unknown = body.columns.find((column) => !Object.hasOwn(row.shape, column.key));
    if (unknown) throw badRequest(`${name} has no column ${unknown.key}`);

    const rows = await firstPageRead(pages);
    // Recorded before the first byte leaves: whoever downloads a list is on record with the filters used.
    await recordChange(deps.db, context.actor, {
      action: 'export.csv',
      entity: 'export',
      id: name,
      after: { Call: name, params, columns: body.columns },
    });
    return (
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(name, deps.now())}"`)
        // Staff and payment data: never kept by a cache on the way.
        .header('cache-control', 'no-store')
        .send(Readable.from(csvChunks(body.columns, rows)))
    );
  });
}
