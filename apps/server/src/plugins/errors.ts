import { MESSAGES } from '@bo/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { setSecurityHeaders } from './security-headers';

/** An error the caller should see: its message and status go out in the envelope. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, data: unknown = null) => new ApiError(400, message, data);
export const unauthorized = (message: string = MESSAGES.unauthorized) => new ApiError(401, message);
export const forbidden = () => new ApiError(403, 'Forbidden');

export function zodIssues(error: ZodError) {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

// PostgreSQL's connection-exception (08…) and operator-intervention (57P…) classes, and the socket errors of
// a database that went away: the request did not commit, and the server recovers by itself.
const UNAVAILABLE_CODES = /^(08\d{3}|57P0[1-3]|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN)$/;
const UNAVAILABLE_TEXT =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** True for an error that means the database cannot be reached right now (walks the `cause` chain). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
    if (UNAVAILABLE_TEXT.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** Every failure leaves as the envelope of SPEC §7; internals never reach the caller. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError | ZodError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .status(error.httpStatus)
        .send({ status_code: error.httpStatus, message: error.message, data: error.data });
    }
    if (error instanceof ZodError) {
      const issues = zodIssues(error);
      return reply
        .status(400)
        .send({ status_code: 400, message: issues[0]?.message ?? MESSAGES.badRequest, data: { issues } });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500 && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ status_code: 503, message: MESSAGES.unavailable, data: null });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ status_code: 500, message: MESSAGES.serverError, data: null });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): safe to name.
    const message = status === 429 ? MESSAGES.tooManyRequests : error.message || MESSAGES.badRequest;
    return reply.status(status).send({ status_code: status, message, data: null });
  });
}

/** The envelope for an unknown path; app.ts installs the one not-found handler. */
export const notFoundAnswer = { status_code: 404, message: MESSAGES.notFound, data: null } as const;

/**
 * Fastify's router refuses some addresses before any route or error handler runs (a malformed escape, a
 * path parameter over its length limit) and would answer in its own shape, echoing the whole path back:
 * those leave as the envelope too (Fastify's `frameworkErrors`).
 */
export function frameworkErrorAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const message =
    status === 414 ? 'The address is too long' : status === 400 ? MESSAGES.badRequest : MESSAGES.serverError;
  setSecurityHeaders(request, reply);
  reply.status(status).send({ status_code: status, message, data: null });
}
