import type { HttpTransport } from '../integration';

export type OpenNodeChargeStatus = 'unpaid' | 'processing' | 'underpaid' | 'paid' | 'expired' | 'refunded';

export interface OpenNodeCharge {
  id: string;
  status: OpenNodeChargeStatus;
  amount: number;
  description: string;
  created_at: number;
  auto_settle: boolean;
  callback_url: string | null;
  order_id: string | null;
}

export interface OpenNodeWithdrawal {
  id: string;
  type: 'ln' | 'chain';
  amount: number;
  status: 'pending' | 'confirmed' | 'failed';
}

/** A refusal of OpenNode, with its HTTP status; the message is OpenNode's own, never a key. */
export class OpenNodeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'OpenNodeError';
  }
}

export const OPENNODE_BASE_URLS = { dev: 'https://dev-api.opennode.com', live: 'https://api.opennode.com' };

/**
 * OpenNode's API as we use it: the key in the Authorization header (OpenNode takes it as is), JSON in and
 * out, answers wrapped in `{ data }`. The same code talks to the fake and to OpenNode.
 */
export function createOpenNodeClient(http: HttpTransport, apiKey: string) {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await http({
      method,
      path,
      headers: {
        authorization: apiKey,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    let parsed: { data?: T; message?: string } = {};
    try {
      parsed = JSON.parse(res.body) as typeof parsed;
    } catch {
      // A proxy's HTML error page: the status says enough.
    }
    if (res.status >= 400 || parsed.data === undefined)
      throw new OpenNodeError(res.status, parsed.message ?? `OpenNode answered ${res.status}`);
    return parsed.data;
  };
  return {
    /** The account's balance: an authenticated read that any valid key may do. */
    balance: () => call<{ balance: { BTC: number } }>('GET', '/v1/account/balance'),
    /** Paid charges: the read an Invoice key may do. */
    listCharges: () => call<OpenNodeCharge[]>('GET', '/v1/charges'),
    createCharge: (charge: {
      amount: number;
      description: string;
      order_id?: string;
      callback_url?: string;
      auto_settle?: boolean;
      ttl?: number;
    }) => call<OpenNodeCharge>('POST', '/v1/charges', charge),
    getCharge: (id: string) => call<OpenNodeCharge>('GET', `/v1/charge/${encodeURIComponent(id)}`),
    createWithdrawal: (withdrawal: { type: 'ln' | 'chain'; amount: number; address: string }) =>
      call<OpenNodeWithdrawal>('POST', '/v2/withdrawals', withdrawal),
  };
}
