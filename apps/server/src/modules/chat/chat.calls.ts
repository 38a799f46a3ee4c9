import { MAIN_CALLS, MAIN_SERVICE_PREFIX, MESSAGES } from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { ApiError, badRequest } from '../../plugins/errors';
import type { RequestAuth } from '../auth/request-auth';
import { permissionSlugsOfRole } from '../staff/staff.repository';
import type { createChatService } from './chat.service';

const ok = <D>(data: D) => ({ status_code: 200, message: MESSAGES.ok, data });

/**
 * SPEC §7.1 `MarketAPI?MSGS`: GET with Call=CONTACTLIST or HISTORY, POST with Call=SEND. Every call needs a
 * live session holding chatter-role (SPEC §2.7), checked here on each call.
 */
export function registerChatRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    requestAuth: RequestAuth;
    chat: ReturnType<typeof createChatService>;
    /**
     * Other MarketAPI POSTs on the same path (Fastify takes one route per method and path): the first whose
     * `matches` takes the query answers instead, with its own access check (POSBLOB, files module).
     */
    otherPosts?: ReadonlyArray<{
      matches(query: Record<string, unknown>): boolean;
      handle(request: FastifyRequest): Promise<unknown>;
    }>;
  },
) {
  const path = `${MAIN_SERVICE_PREFIX}${MAIN_CALLS.ChatSend.path}`;
  const chatter = async (request: FastifyRequest) => {
    const { staff } = await deps.requestAuth.requireSession(request);
    const slugs = await permissionSlugsOfRole(deps.db, staff.roleId);
    if (!slugs.includes('chatter-role')) throw new ApiError(403, 'Forbidden');
    return staff;
  };
  const callOf = (request: FastifyRequest) => {
    const call = (request.query as Record<string, unknown>).Call;
    return typeof call === 'string' ? call : '';
  };

  app.get(path, async (request) => {
    const staff = await chatter(request);
    const query = request.query as Record<string, unknown>;
    switch (callOf(request)) {
      case MAIN_CALLS.ChatContactList.call:
        MAIN_CALLS.ChatContactList.params.parse(query);
        return ok(await deps.chat.contactList(staff.id));
      case MAIN_CALLS.ChatHistory.call: {
        const params = MAIN_CALLS.ChatHistory.params.parse(query);
        return ok(await deps.chat.history(staff.id, params.ID));
      }
      default:
        throw badRequest(`Unknown Call ${callOf(request).slice(0, 64)}`.trim());
    }
  });

  app.post(path, async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const other = deps.otherPosts?.find((post) => post.matches(query));
    if (other) return other.handle(request);
    const staff = await chatter(request);
    if (callOf(request) !== MAIN_CALLS.ChatSend.call) throw badRequest('Unknown Call');
    const parsed = MAIN_CALLS.ChatSend.params.safeParse(request.body ?? {});
    if (!parsed.success) {
      // SPEC §8: chat send errors are shown from data.error.
      const message = parsed.error.issues[0]?.message ?? MESSAGES.badRequest;
      throw new ApiError(400, message, { error: message });
    }
    return ok(await deps.chat.send(staff.id, parsed.data.ID, parsed.data.TEXT));
  });
}
