import { ADMIN_CALLS, ADMIN_SERVICE_PREFIX, type AdminCallName, MESSAGES } from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { assertAccess, type RequestAuth, type StaffContext } from '../../plugins/auth';
import { ApiError, badRequest } from '../../plugins/errors';

type Call<K extends AdminCallName> = (typeof ADMIN_CALLS)[K];

/** One handler per admin Call, typed from the contract: params as parsed, answer as the contract's data. */
export type AdminHandler<K extends AdminCallName> = (
  params: z.output<Call<K>['params']>,
  context: StaffContext & { request: FastifyRequest },
) => Promise<z.input<Call<K>['data']>>;

export type AdminHandlers = { [K in AdminCallName]: AdminHandler<K> };
/** Calls that prove identity with the session cookie instead of the bearer token. */
export type SessionHandlers = Partial<AdminHandlers>;

const isCallName = (name: unknown): name is AdminCallName =>
  typeof name === 'string' && Object.hasOwn(ADMIN_CALLS, name);

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
    const raw = request.method === 'GET' ? rest : (request.body ?? {});
    const params = call.params.parse(raw);
    const handler = deps.handlers[name] as AdminHandler<typeof name>;
    const data = await handler(params as never, { ...context, request });
    return { status_code: 200, message: MESSAGES.ok, data };
  };

  app.get(`${ADMIN_SERVICE_PREFIX}`, handle);
  app.post(`${ADMIN_SERVICE_PREFIX}`, handle);
}
