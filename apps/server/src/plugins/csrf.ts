import { INGEST_PREFIX, LICENSE_VALIDATE_PATH } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import { UNSUBSCRIBE_ROUTE } from '../modules/marketing/unsubscribe.path';
import { ApiError } from './errors';

/** The custom header every call of the web app sends; a cross-site form or image cannot set it. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'backoffice';
/** Where the integrations' fakes are mounted in fake mode (`/fake/<service>/…`). */
export const FAKE_PREFIX = '/fake';

/**
 * DESIGN §2 departure 2: state-changing calls need the custom header, and a browser's Origin (when sent)
 * must be our own or an allowed one. GET never changes state, so it is not checked.
 *
 * Every other method is checked whatever its path: the router decodes the path, so a test of the raw URL
 * (`/api/…`) let `/%61pi/main/Login` through. Only the platform feed, the one-click unsubscribe and licence validation are exempt,
 * each told apart by the route it matched, never by how its URL is spelled.
 */
export function registerCsrfGuard(app: FastifyInstance, allowedOrigins: string[]) {
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const route = request.routeOptions.url;
    // No route matched: the answer is the 404 envelope, which changes nothing.
    if (route === undefined) return;
    // The platform feed is server to server with a bearer token and no cookie: there is no forgery to stop.
    if (route.startsWith(`${INGEST_PREFIX}/`)) return;
    // RFC 8058 one-click unsubscribe: the mail provider posts from its own servers, with no cookie and no
    // header of ours. The route needs no session and writes only the opt-out its unguessable token names.
    if (request.method === 'POST' && route === UNSUBSCRIBE_ROUTE) return;
    // The integrations' in-process fakes (fake mode only, ADR 0028) stand for third-party APIs: no session,
    // no cookie, nothing of ours to forge; their callers are our own adapters and tests.
    if (route.startsWith(`${FAKE_PREFIX}/`)) return;
    // The licence server's validation (ADR 0032): devices post with no cookie and no header of ours; the key
    // in the body is the whole authority and the answer changes only that licence's device list and log.
    if (request.method === 'POST' && route === LICENSE_VALIDATE_PATH) return;
    const origin = request.headers.origin;
    if (origin && !isAllowedOrigin(origin, request.headers.host, allowedOrigins)) {
      throw new ApiError(403, 'Cross-origin request refused');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new ApiError(403, 'Cross-origin request refused');
    if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) throw new ApiError(403, 'Missing request header');
  });
}

/** Our own origin (the Host the browser reached) or one a deployment allows. */
export const isAllowedOrigin = (origin: string, host: string | undefined, allowed: string[]): boolean =>
  isSameOrigin(origin, host) || allowed.includes(origin);

function isSameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
