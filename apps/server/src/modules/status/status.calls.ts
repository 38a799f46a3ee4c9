import { MAIN_SERVICE_PREFIX, SERVICE_STATUS_ENDPOINTS, SERVICE_STATUS_TEXTS } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { RequestAuth } from '../auth/request-auth';
import type { ServiceStatusChecker } from './service-status.service';

/**
 * The four service status endpoints (SPEC §7.2): plain text, exactly 'OK' when healthy. They reveal
 * internal topology, so they need a signed-in session like every other main-service call.
 */
export function registerStatusRoutes(
  app: FastifyInstance,
  deps: { requestAuth: RequestAuth; checker: ServiceStatusChecker },
) {
  for (const endpoint of SERVICE_STATUS_ENDPOINTS) {
    app.get(`${MAIN_SERVICE_PREFIX}${endpoint.path}`, async (request, reply) => {
      await deps.requestAuth.requireSession(request);
      const text = await deps.checker.check(endpoint.key);
      // 503 for anything but OK, so plain HTTP monitors read these endpoints right too.
      return reply
        .status(text === SERVICE_STATUS_TEXTS.ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(text);
    });
  }
}
