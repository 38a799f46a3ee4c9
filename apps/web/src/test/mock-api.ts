import type { AccountDetail, AltCoin, PublicConfig, Session } from '@bo/contract';
import { vi } from 'vitest';

/** One canned answer: HTTP status plus the envelope. */
export interface Answer {
  status?: number;
  statusCode?: number;
  message?: string;
  data?: unknown;
}

/** Answers keyed by 'METHOD /path' for the main service or by the admin `Call` name. */
export type Routes = Record<string, Answer | ((request: Request) => Answer | Promise<Answer>)>;

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

const keyOf = (method: string, url: URL): string => {
  if (url.pathname === '/api/admin') return url.searchParams.get('Call') ?? '';
  if (url.pathname === '/api/main/v2REAPI') return `${method} /v2REAPI?Call=${url.searchParams.get('Call')}`;
  return `${method} ${url.pathname.replace('/api/main', '')}`;
};

/** Stubs global fetch with the given answers; an unknown call answers 404 and is recorded. */
export const mockApi = (routes: Routes) => {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const body =
      request.method === 'GET'
        ? null
        : await request
            .clone()
            .json()
            .catch(() => null);
    calls.push({ method: request.method, url, headers: request.headers, body });
    const route = routes[keyOf(request.method, url)];
    const answer = typeof route === 'function' ? await route(request) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const envelope = {
      status_code: answer?.statusCode ?? status,
      message: answer?.message ?? (answer ? 'success' : 'Not found'),
      data: answer?.data ?? null,
    };
    return new Response(JSON.stringify(envelope), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
};

// Typed with the contract, so a change of shape fails the type check instead of the tests.
export const SESSION: Session = { ID: 7, APIKey: 'key-7', SessionID: 'sess-7', Username: 'alice' };

export const ACCOUNT: AccountDetail = {
  ID: 7,
  Username: 'alice',
  Email: 'alice@example.test',
  DisplayName: 'Alice Admin',
  Role: 'Support',
  Permissions: [],
  TotpEnrolled: false,
  LastLoginOn: null,
};

export const CONFIG: PublicConfig = {
  productName: 'Acme Pay',
  version: '1.0.1',
  demoMode: true,
  totpMandatory: false,
  invoiceUrlTemplate: 'https://pay.example.test/invoice/{ref}?s={security}',
};

const coin = (ID: number, Name: string, ShortName: string, isOnline: boolean): AltCoin => ({
  ID,
  Name,
  ShortName,
  LongName: Name,
  isOnline,
  Priority: 5,
  vFiat: 0,
  BuyEnabled: true,
});

export const ALT_COINS: AltCoin[] = [coin(2, 'Ethereum', 'ETH', false), coin(1, 'Bitcoin', 'BTC', true)];

/** A signed-in staff member holding the given slugs, with the layout's calls answered. */
export const signedInRoutes = (slugs: string[], extra: Routes = {}): Routes => ({
  'GET /Config': { data: CONFIG },
  'GET /Session': { data: SESSION },
  'GET /v2REAPI?Call=Accountdetail': { data: { data: ACCOUNT } },
  GenerateJWTToken: { data: { Token: 'jwt-1', Permissions: slugs.map((Slug) => ({ Slug })) } },
  ListAltCoins: { data: ALT_COINS },
  SlaveStatus: {
    data: { Seconds_Behind_Master: 0, Slave_IO_Running: 'Yes', Slave_SQL_Running: 'Yes', Source: 'primary' },
  },
  ...extra,
});

export const signedOutRoutes = (extra: Routes = {}): Routes => ({
  'GET /Config': { data: CONFIG },
  'GET /Session': { status: 401, message: 'unauthorized' },
  ...extra,
});
