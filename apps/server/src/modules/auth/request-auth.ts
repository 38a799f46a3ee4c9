import type { PermissionSlug } from '@bo/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { ApiError, unauthorized } from '../../plugins/errors';
import type { Actor } from '../audit/audit.service';
import { permissionSlugsOfRole } from '../staff/staff.repository';
import type { Jwt } from './jwt.service';
import { type LiveSession, SESSION_COOKIE, type Sessions } from './session.service';

/** A signed-in caller: who they are (an Actor, with the session they use) and what they may do. */
export interface StaffContext extends Actor {
  sessionId: string;
  permissions: string[];
}

/** How a request proves who it is: the session cookie (main service) or the bearer JWT (admin service). */
export function createRequestAuth(deps: { db: Db; sessions: Sessions; jwt: Jwt }) {
  return {
    /** The live session behind the request's cookie, or undefined. */
    async optionalSession(request: FastifyRequest): Promise<LiveSession | undefined> {
      return deps.sessions.resolveToken(request.cookies[SESSION_COOKIE]);
    },

    async requireSession(request: FastifyRequest): Promise<LiveSession> {
      const live = await deps.sessions.resolveToken(request.cookies[SESSION_COOKIE]);
      if (!live) throw unauthorized();
      return live;
    },

    /**
     * Bearer JWT → its session (must still be live) → the account's permissions read now, so a role change
     * or a logout takes effect on the next call.
     */
    async requireBearer(request: FastifyRequest): Promise<StaffContext> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw unauthorized();
      const check = await deps.jwt.verify(header.slice(7).trim());
      if (!check.ok) throw new ApiError(401, check.reason);
      const live = await deps.sessions.resolveId(check.sessionId);
      if (!live || live.staff.id !== check.staffId) throw unauthorized();
      return {
        staffId: live.staff.id,
        username: live.staff.username,
        sessionId: live.session.id,
        permissions: await permissionSlugsOfRole(deps.db, live.staff.roleId),
        ip: request.ip,
      };
    },
  };
}

export type RequestAuth = ReturnType<typeof createRequestAuth>;

export function assertAccess(context: StaffContext, access: 'login' | PermissionSlug): void {
  if (access !== 'login' && !context.permissions.includes(access)) throw new ApiError(403, 'Forbidden');
}
