import { MESSAGES } from '@bo/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

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
