import type { HttpTransport } from '../integration';
import {
  type KucoinKey,
  type KucoinPartner,
  kucoinAuthHeaders,
  kucoinPartnerHeaders,
} from './kucoin-signing';

/** KuCoin's error codes as staff read them (brief B "kucoin-config": 400005 → the passphrase text). */
export const KUCOIN_ERROR_TEXTS: Record<string, string> = {
  '400001': 'KuCoin says a signing header is missing: the request was not signed',
  '400002': 'KuCoin refused the request’s timestamp: check this server’s clock',
  '400003': 'KuCoin does not know this API key',
  '400004': 'KuCoin refused the signature: check the API secret',
  '400005': 'The passphrase does not match this key',
  '400006': 'This server’s IP address is not on the key’s whitelist',
  '400007': 'The key lacks the permission for this call',
  '429000': 'KuCoin’s rate limit was reached: try again in a few seconds',
};

/** A refusal of KuCoin (or of the network), with the text the screen shows. */
export class KucoinError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'KucoinError';
  }
}

export interface KucoinClientOptions {
  http: HttpTransport;
  key: KucoinKey;
  now: () => Date;
  /** Broker calls add the partner headers. */
  partner?: KucoinPartner;
  /** The client spaces its requests to stay under this many per second (config `maxRequestsPerSec`). */
  maxRequestsPerSec?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * KuCoin's REST client: signs each private request (KC-API-* headers, v2 passphrase), unwraps the
 * `{ code: "200000", data }` envelope and turns a refusal into a KucoinError with the mapped text.
 */
export function createKucoinClient({ http, key, now, partner, maxRequestsPerSec }: KucoinClientOptions) {
  const gapMs = maxRequestsPerSec ? Math.ceil(1000 / maxRequestsPerSec) : 0;
  let nextAt = 0;
  const throttle = async () => {
    if (gapMs === 0) return;
    const at = performance.now();
    const wait = nextAt - at;
    nextAt = Math.max(at, nextAt) + gapMs;
    if (wait > 0) await sleep(wait);
  };

  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    payload?: unknown,
    signed = true,
  ): Promise<T> {
    await throttle();
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signed) {
      const ts = now().getTime();
      Object.assign(headers, kucoinAuthHeaders(key, ts, method, path, body));
      if (partner) Object.assign(headers, kucoinPartnerHeaders(partner, key.apiKey, ts));
    }
    let res: Awaited<ReturnType<HttpTransport>>;
    try {
      res = await http({ method, path, headers, ...(body ? { body } : {}) });
    } catch (error) {
      throw new KucoinError(`KuCoin could not be reached: ${(error as Error).message}`, 'network', 0);
    }
    let parsed: { code?: unknown; msg?: unknown; data?: unknown } = {};
    try {
      parsed = JSON.parse(res.body) as typeof parsed;
    } catch {
      // A proxy's HTML error page: the HTTP status says enough.
    }
    const code = typeof parsed.code === 'string' ? parsed.code : String(res.status);
    if (res.status === 200 && code === '200000') return parsed.data as T;
    const text =
      KUCOIN_ERROR_TEXTS[code] ??
      (res.status === 429
        ? KUCOIN_ERROR_TEXTS['429000']
        : `KuCoin refused the request (${code}${typeof parsed.msg === 'string' ? `: ${parsed.msg.slice(0, 120)}` : ''})`);
    throw new KucoinError(text ?? code, code, res.status);
  }

  return {
    call,
    /** Server time in ms (public, unsigned). */
    serverTime: () => call<number>('GET', '/api/v1/timestamp', undefined, false),
    accounts: () =>
      call<
        Array<{
          id: string;
          currency: string;
          type: string;
          balance: string;
          available: string;
          holds: string;
        }>
      >('GET', '/api/v1/accounts'),
    /** The key's own record: its permissions as a comma list, e.g. "General,Spot". */
    apiKeyInfo: () =>
      call<{ apiKey: string; permission: string; ipWhitelist?: string; isMaster?: boolean }>(
        'GET',
        '/api/v1/user/api-key',
      ),
    subAccounts: () =>
      call<Array<{ userId: string; uid: number; subName: string; type: number; remarks: string }>>(
        'GET',
        '/api/v1/sub/user',
      ),
  };
}
export type KucoinClient = ReturnType<typeof createKucoinClient>;
