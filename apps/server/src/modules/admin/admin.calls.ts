import { ADMIN_CALLS, ADMIN_SERVICE_PREFIX, type AdminCallName, MESSAGES } from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, badRequest } from '../../plugins/errors';
import type { Actor } from '../audit/audit.service';
import { assertAccess, type RequestAuth, type StaffContext } from '../auth/request-auth';

type Call<K extends AdminCallName> = (typeof ADMIN_CALLS)[K];

/**
 * Who calls and how: the caller's access, their request, and the Actor that audited writes record (built once
 * here, from the staff context).
 */
export type AdminCallContext = StaffContext & { request: FastifyRequest; actor: Actor };

/** One handler per admin Call, typed from the contract: params as parsed, answer as the contract's data. */
export type AdminHandler<K extends AdminCallName> = (
  params: z.output<Call<K>['params']>,
  context: AdminCallContext,
) => Promise<z.input<Call<K>['data']>>;

export type AdminHandlers = { [K in AdminCallName]: AdminHandler<K> };
/**
 * The handlers of one area's calls (`<area>.calls.ts`): the area's contract object in, one handler per call
 * out. The areas' slices are spread into one map that must still be `AdminHandlers`, so a call without a
 * handler does not compile.
 */
export type AdminHandlerSlice<C> = { [K in keyof C & AdminCallName]: AdminHandler<K> };
/** Calls that prove identity with the session cookie instead of the bearer token. */
export type SessionHandlers = Partial<AdminHandlers>;

/** One row of a list as a CSV export reads it: columns name its top-level fields. */
export type ExportRow = Readonly<Record<string, unknown>>;

/**
 * How an exportable list gives its rows to a CSV download (POST /export). `row` is the contract's row
 * schema, whose top-level fields the columns may name. Then either `rows`: where one answer of the list's
 * handler holds its rows, the export asking the handler page by page; or `pages`: the list's own walk
 * through its pages (a keyset list), given a fetch that runs the list's handler.
 */
export type AdminExport<K extends AdminCallName> = { row: z.ZodObject } & (
  | { rows: (data: z.input<Call<K>['data']>) => readonly ExportRow[] }
  | {
      pages: (
        params: z.output<Call<K>['params']>,
        fetch: (params: z.output<Call<K>['params']>) => Promise<z.input<Call<K>['data']>>,
      ) => AsyncIterable<readonly ExportRow[]>;
    }
);
export type AdminExports = { [K in AdminCallName]?: AdminExport<K> };
/** The exports of one area's exportable lists, beside its handler slice. */
export type AdminExportSlice<C> = { [K in keyof C & AdminCallName]?: AdminExport<K> };

export const isCallName = (name: unknown): name is AdminCallName =>
  typeof name === 'string' && Object.hasOwn(ADMIN_CALLS, name);

/** The context a handler runs in, with the one Actor its audited writes record. */
export const callContext = (context: StaffContext, request: FastifyRequest): AdminCallContext => ({
  ...context,
  request,
  actor: {
    staffId: context.staffId,
    username: context.username,
    sessionId: context.sessionId,
    ip: context.ip,
  },
});

/**
 * The admin service of SPEC §7.2: `?Call=X` on one path. Every call is looked up in the contract, its
 * method enforced, its params parsed with the contract's schema and its permission checked here.
 */
export function registerAdminService(
  app: FastifyInstance,
  deps: { requestAuth: RequestAuth; handlers: AdminHandlers; sessionCalls: ReadonlySet<AdminCallName> },
) {
  const handle = async (request: FastifyRequest) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const name = query.Call;
    if (!isCallName(name))
      throw badRequest(`Unknown Call ${typeof name === 'string' ? name.slice(0, 64) : ''}`.trim());
    const call = ADMIN_CALLS[name];
    if (call.method !== request.method) throw new ApiError(405, `${name} needs ${call.method}`);

    let context: StaffContext;
    if (deps.sessionCalls.has(name)) {
      const live = await deps.requestAuth.requireSession(request);
      context = {
        staffId: live.staff.id,
        username: live.staff.username,
        sessionId: live.session.id,
        permissions: [],
        ip: request.ip,
      };
    } else {
      context = await deps.requestAuth.requireBearer(request);
      if (call.access !== 'public') assertAccess(context, call.access);
    }

    const { Call: _call, ...rest } = query;
    // An upload's file is its multipart body, read by its handler, and its params are the query's; any
    // other call sent as multipart is refused as it was before uploads existed, not run on its query.
    const multipart = request.method === 'POST' && request.isMultipart();
    if (multipart && !call.multipart) throw new ApiError(415, `${name} does not take multipart/form-data`);
    const raw = request.method === 'GET' || multipart ? rest : (request.body ?? {});
    const params = call.params.parse(raw);
    const handler = deps.handlers[name] as AdminHandler<typeof name>;
    const data = await handler(params as never, callContext(context, request));
    return { status_code: 200, message: MESSAGES.ok, data };
  };

  app.get(`${ADMIN_SERVICE_PREFIX}`, handle);
  app.post(`${ADMIN_SERVICE_PREFIX}`, handle);
}
