// The wire's fixed names, without zod: the login page's code reads them before it loads any schema (ADR 0012).

/** Service prefixes of the web app's default same-origin deployment (DESIGN §2). */
export const MAIN_SERVICE_PREFIX = '/api/main';
export const ADMIN_SERVICE_PREFIX = '/api/admin';
/**
 * The bot-check widget fetches its challenge here. It answers the widget's own JSON, not the envelope,
 * so it is not a call of MAIN_CALLS.
 */
export const BOT_CHALLENGE_PATH = '/api/main/BotChallenge';
/** Header every call of the web app sends; the server refuses state-changing calls without it (CSRF). */
export const CSRF_HEADER = { name: 'X-Requested-With', value: 'backoffice' } as const;

/**
 * Where every page load asks whether the browser's cookie holds a session (MAIN_CALLS.Session). The web app
 * sends it before it has loaded any schema, and loads them only for a signed-in answer (ADR 0012).
 */
export const SESSION_CHECK = { method: 'GET', path: '/Session' } as const;

/** The id of the page's JSON data block with the public product settings (the Config call's answer). */
export const PRODUCT_CONFIG_ELEMENT_ID = 'product-config';

/** Messages the client reacts to by text (SPEC §8); the server must send them verbatim. */
export const MESSAGES = {
  ok: 'success',
  sessionExists: 'Session already exists',
  noPermission: 'no permission',
  unauthorized: 'unauthorized',
  /** The two-period JWT error of SPEC §8: a malformed or expired bearer token. */
  jwtError: 'jwt malformed',
  jwtExpired: 'jwt expired',
  invalidCredentials: 'Invalid username, password or 2 factor authentication code',
  botCheck: 'Verify you are not a robot',
  tooManyRequests: 'Too many requests, try again later',
  notFound: 'Not found',
  badRequest: 'Invalid request',
  serverError: 'Something went wrong',
  /** The database cannot be reached: nothing was changed, and asking again shortly may work. */
  unavailable: 'Service temporarily unavailable, try again shortly',
  resetRequested: 'If an account matches, a reset link has been sent to its e-mail address',
  resetInvalid: 'This reset link is invalid or has expired',
  resetDone: 'Your password has been changed; sign in with the new one',
} as const;
