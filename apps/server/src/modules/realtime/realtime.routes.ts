import {
  hasPermission,
  type PermissionSlug,
  SOCKET_AFTER_PARAM,
  SOCKET_PATHS,
  type SocketName,
} from '@bo/contract';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { isAllowedOrigin } from '../../plugins/csrf';
import { ApiError, unauthorized } from '../../plugins/errors';
import type { LiveSession, Sessions } from '../auth/session.service';
import { permissionSlugsOfRole } from '../staff/staff.repository';
import type { RealtimeHub } from './realtime.hub';

/**
 * The slug each feed needs: notifications and rows show transaction references and amounts (the same slug
 * as the list they feed); the chat feed is the support chat's (SPEC §2.7); the kyc feed the KYC screen's.
 */
const SOCKET_ACCESS: Record<SocketName, PermissionSlug> = {
  notifications: 'view-transactions',
  transactions: 'view-transactions',
  chat: 'chatter-role',
  kyc: 'kyc-commander',
  payouts: 'admin-commander',
};

/**
 * How often open sockets re-check their session and permission, so an expiry, a role change or a logout on
 * another instance ends them. A logout on this instance ends them at once.
 */
export const SOCKET_RECHECK_MS = 30_000;

declare module 'fastify' {
  interface FastifyRequest {
    liveSession?: LiveSession;
  }
}

/**
 * The WebSockets of SPEC §7.3. The upgrade is refused (401/403, before any frame) without a live session
 * cookie, with a foreign Origin (DESIGN §5: cross-site WebSocket hijacking) or without the feed's slug.
 */
export async function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    sessions: Sessions;
    hub: RealtimeHub;
    allowedOrigins: string[];
    recheckMs?: number;
    /** Told when a staff member's role or account changed on any instance (issue #5). */
    accessChanges?: { onChanged(listener: () => void): () => void };
  },
) {
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 4096 },
    // On shutdown every socket is told 1001 'going away' (the plugin's default sends no code), so browsers
    // reconnect, to another instance or to this one once it is back.
    preClose(this: FastifyInstance, done) {
      deps.hub.closeAll(1001, 'Server shutting down');
      for (const client of this.websocketServer.clients) client.close(1001, 'Server shutting down');
      this.websocketServer.close();
      done();
    },
  });

  const holds = async (live: LiveSession, slug: PermissionSlug) =>
    hasPermission(
      (await permissionSlugsOfRole(deps.db, live.staff.roleId)).map((Slug) => ({ Slug })),
      slug,
    );

  const authorize = (channel: SocketName) => async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!origin || !isAllowedOrigin(origin, request.headers.host, deps.allowedOrigins)) {
      throw new ApiError(403, 'Cross-origin request refused');
    }
    const live = await deps.sessions.resolveToken(request.cookies.bo_session);
    if (!live) throw unauthorized();
    if (!(await holds(live, SOCKET_ACCESS[channel]))) throw new ApiError(403, 'Forbidden');
    request.liveSession = live;
  };

  for (const channel of Object.keys(SOCKET_PATHS) as SocketName[]) {
    app.get(
      SOCKET_PATHS[channel],
      { websocket: true, preValidation: authorize(channel) },
      (socket, request) => {
        const live = request.liveSession;
        if (!live) {
          socket.close(4401, 'Session ended');
          return;
        }
        const afterParam = (request.query as Record<string, unknown>)[SOCKET_AFTER_PARAM];
        const after =
          typeof afterParam === 'string' && /^\d{1,15}$/.test(afterParam) ? Number(afterParam) : null;
        let closed = false;
        let remove: (() => void) | undefined;
        socket.on('close', () => {
          closed = true;
          remove?.();
        });
        // The feeds are server to browser (chat is sent through MarketAPI, which validates it); a browser
        // that talks on a socket is ignored rather than trusted.
        socket.on('message', () => undefined);
        // The upgraded request's connection is the socket's own: the hub corks it to batch its writes.
        deps.hub.attach(socket, channel, live.session.id, after, request.raw.socket).then(
          (detach) => {
            remove = detach;
            if (closed) detach();
          },
          (error: unknown) => app.log.warn({ err: error }, 'live feed not attached'),
        );
      },
    );
  }

  const recheck = async () => {
    for (const [sessionId, channels] of deps.hub.sessions()) {
      const live = await deps.sessions.resolveId(sessionId);
      if (!live) {
        deps.hub.closeSession(sessionId);
        continue;
      }
      const slugs = (await permissionSlugsOfRole(deps.db, live.staff.roleId)).map((Slug) => ({ Slug }));
      for (const channel of channels) {
        if (!hasPermission(slugs, SOCKET_ACCESS[channel])) deps.hub.closeSession(sessionId, channel);
      }
    }
  };
  const timer = setInterval(() => {
    recheck().catch((error: unknown) => app.log.warn({ err: error }, 'socket session re-check failed'));
  }, deps.recheckMs ?? SOCKET_RECHECK_MS);
  timer.unref();
  const recheckNow = () => {
    if (deps.hub.size() === 0) return;
    recheck().catch((error: unknown) => app.log.warn({ err: error }, 'socket session re-check failed'));
  };
  const stopHearing = deps.sessions.onEnded(recheckNow);
  // A changed role narrows the feeds at once, not on the next periodic re-check.
  const stopHearingAccess = deps.accessChanges?.onChanged(recheckNow);
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopHearing();
    stopHearingAccess?.();
    deps.hub.closeAll();
  });
}
