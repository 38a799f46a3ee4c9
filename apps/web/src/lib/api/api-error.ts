import { MESSAGES } from '@bo/contract';

/** A failed call: the HTTP status, the envelope's status_code and message, and its data (e.g. issues). */
export class ApiError extends Error {
  readonly httpStatus: number;
  readonly statusCode: number;
  readonly data: unknown;

  constructor(init: { httpStatus: number; statusCode: number; message: string; data?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.httpStatus = init.httpStatus;
    this.statusCode = init.statusCode;
    this.data = init.data ?? null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A bearer-token failure the admin client can cure by re-minting the JWT from the session. */
export const isJwtError = (error: unknown): boolean =>
  isApiError(error) && error.httpStatus === 401 && error.message.startsWith('jwt ');

/**
 * SPEC §8: HTTP 401, status_code 400 with 'no permission', or a message starting with the JWT
 * error prefix means the session is gone and the user must sign in again.
 */
export const isSessionExpiredError = (error: unknown): boolean =>
  isApiError(error) &&
  (error.httpStatus === 401 ||
    (error.statusCode === 400 && error.message === MESSAGES.noPermission) ||
    error.message.startsWith('jwt '));
