import { createHash, createHmac } from 'node:crypto';
import type { HttpTransport } from '../integration';
import { sameSignature } from '../same-signature';

/** A refusal of Airwallex (or of the network), with the text the screen shows. */
export class AirwallexError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AirwallexError';
  }
}

export interface AirwallexCredentials {
  environment: 'demo' | 'production';
  clientId: string;
  apiKey: string;
  loginAs?: string;
  onBehalfOf?: string;
  apiVersion: string;
}

export interface AirwallexToken {
  token: string;
  expiresAt: Date;
}

/** Tokens by credentials (never by the key itself: a SHA-256 of it), reused until shortly before expires_at. */
export type AirwallexTokenCache = Map<string, AirwallexToken>;
export const createAirwallexTokenCache = (): AirwallexTokenCache => new Map();
/** The one cache of this server instance (brief: "a token cache kept in memory per instance"). */
export const airwallexTokens = createAirwallexTokenCache();
/** A token this close to its expiry is renewed rather than sent: a request in flight must not outlive it. */
const RENEW_BEFORE_MS = 60_000;

/** Balance rows; amounts stay the decimal text Airwallex sent, never floats. */
export interface AirwallexBalance {
  currency: string;
  available_amount: string;
  pending_amount: string;
  reserved_amount: string;
  total_amount: string;
}

/** Airwallex writes amounts as JSON numbers: they are turned into strings before parsing, digit for digit. */
const AMOUNT_FIELDS =
  /("(?:available_amount|pending_amount|reserved_amount|total_amount|amount|transfer_amount|source_amount)"\s*:\s*)(-?\d+(?:\.\d+)?)/g;
export const parseKeepingAmounts = (body: string): unknown =>
  JSON.parse(body.replace(AMOUNT_FIELDS, '$1"$2"'));

/** "2026-03-01T10:42:00+0000" (Airwallex's form) or ISO with a colon. */
const parseExpiry = (text: string) => new Date(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

export interface AirwallexClientOptions {
  http: HttpTransport;
  credentials: AirwallexCredentials;
  now: () => Date;
  cache?: AirwallexTokenCache;
}

/**
 * Airwallex's REST client: logs in with x-client-id + x-api-key (and x-login-as), reuses the token until
 * expires_at, sends x-api-version and x-on-behalf-of, keeps amounts as decimal text and maps refusals.
 */
export function createAirwallexClient({
  http,
  credentials,
  now,
  cache = airwallexTokens,
}: AirwallexClientOptions) {
  const cacheKey = createHash('sha256')
    .update(
      [credentials.environment, credentials.clientId, credentials.apiKey, credentials.loginAs ?? ''].join(
        '\u0000',
      ),
    )
    .digest('hex');

  const refusal = (
    status: number,
    parsed: { code?: unknown; message?: unknown },
    during: 'login' | 'call',
  ) => {
    const code = typeof parsed.code === 'string' ? parsed.code : String(status);
    if (during === 'login' && (status === 401 || code === 'credentials_invalid'))
      return new AirwallexError(
        `Airwallex refused the client id or API key (401). Check that they belong to the ${credentials.environment} environment.`,
        code,
        status,
      );
    if (status === 403)
      return new AirwallexError(
        `Airwallex refused access to ${credentials.onBehalfOf || 'the account'} (403): check “On behalf of” and the key’s scope`,
        code,
        status,
      );
    if (status === 429)
      return new AirwallexError('Airwallex’s rate limit was reached: try again in a minute', code, status);
    const message = typeof parsed.message === 'string' ? `: ${parsed.message.slice(0, 120)}` : '';
    return new AirwallexError(`Airwallex refused the request (${status} ${code}${message})`, code, status);
  };

  const send = async (request: Parameters<HttpTransport>[0]) => {
    try {
      return await http(request);
    } catch (error) {
      throw new AirwallexError(`Airwallex could not be reached: ${(error as Error).message}`, 'network', 0);
    }
  };
  const parse = (body: string): Record<string, unknown> => {
    try {
      return (parseKeepingAmounts(body) ?? {}) as Record<string, unknown>;
    } catch {
      return {};
    }
  };

  async function login(): Promise<AirwallexToken> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-client-id': credentials.clientId,
      'x-api-key': credentials.apiKey,
      'x-api-version': credentials.apiVersion,
    };
    if (credentials.loginAs) headers['x-login-as'] = credentials.loginAs;
    const res = await send({ method: 'POST', path: '/api/v1/authentication/login', headers, body: '{}' });
    const parsed = parse(res.body);
    if (res.status !== 200 && res.status !== 201) throw refusal(res.status, parsed, 'login');
    const expiresAt = parseExpiry(String(parsed.expires_at ?? ''));
    if (typeof parsed.token !== 'string' || Number.isNaN(expiresAt.getTime()))
      throw new AirwallexError('Airwallex answered the login without a token', 'no_token', res.status);
    const token = { token: parsed.token, expiresAt };
    cache.set(cacheKey, token);
    return token;
  }

  /** The cached token while it has more than a minute left, else a new login. */
  async function token(): Promise<AirwallexToken> {
    const cached = cache.get(cacheKey);
    if (cached && cached.expiresAt.getTime() - now().getTime() > RENEW_BEFORE_MS) return cached;
    cache.delete(cacheKey);
    return login();
  }

  async function call<T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const { token: bearer } = await token();
      const headers: Record<string, string> = {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        authorization: `Bearer ${bearer}`,
        'x-api-version': credentials.apiVersion,
      };
      if (credentials.onBehalfOf) headers['x-on-behalf-of'] = credentials.onBehalfOf;
      const res = await send({
        method,
        path,
        headers,
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      // A token revoked before its expiry (key rotated): log in once more, then give up.
      if (res.status === 401 && attempt === 0) {
        cache.delete(cacheKey);
        continue;
      }
      const parsed = parse(res.body);
      if (res.status >= 200 && res.status < 300) return parsed as T;
      throw refusal(res.status, parsed, 'call');
    }
  }

  return {
    token,
    call,
    balances: () => call<AirwallexBalance[]>('GET', '/api/v1/balances/current'),
  };
}
export type AirwallexClient = ReturnType<typeof createAirwallexClient>;

/** Airwallex's webhook signature: hex HMAC-SHA256(secret, x-timestamp + raw body). */
export const airwallexWebhookSignature = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}${rawBody}`).digest('hex');

/**
 * Whether a webhook is Airwallex's and fresh: the signature over x-timestamp + body, and x-timestamp (ms)
 * within the config's tolerance, so a captured webhook cannot be replayed later.
 */
export function verifyAirwallexWebhook(
  secret: string,
  headers: { 'x-timestamp'?: string; 'x-signature'?: string },
  rawBody: string,
  now: Date,
  toleranceSec: number,
): 'ok' | 'bad-signature' | 'stale' {
  const ts = headers['x-timestamp'] ?? '';
  if (!sameSignature(headers['x-signature'], airwallexWebhookSignature(secret, ts, rawBody)))
    return 'bad-signature';
  if (!/^\d+$/.test(ts) || Math.abs(now.getTime() - Number(ts)) > toleranceSec * 1000) return 'stale';
  return 'ok';
}
