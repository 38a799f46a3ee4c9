import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sameSignature } from '../same-signature';
import { kucoinHmac, kucoinPrehash } from './kucoin-signing';

/** The key the fake accepts in demo mode (General + Spot, no withdrawals): paste it into KuCoin Config. */
export const KUCOIN_DEMO_CREDENTIALS = {
  apiKey: '64f0c0ffee0000000000kc01',
  apiSecret: 'demo-kucoin-secret-2f9a4e71',
  apiPassphrase: 'demo-passphrase',
} as const;

/** A second demo key that may also withdraw (Transfer): the test refuses it while withdrawals are forbidden. */
export const KUCOIN_DEMO_WITHDRAW_CREDENTIALS = {
  apiKey: '64f0c0ffee0000000000kc02',
  apiSecret: 'demo-kucoin-secret-withdraw-8c1d',
  apiPassphrase: 'demo-passphrase',
} as const;

/** The fake's clock runs this far ahead of ours, so the skew check shows a real number. */
export const KUCOIN_FAKE_SKEW_MS = 120;
/** KuCoin refuses a KC-API-TIMESTAMP further than this from its clock (400002). */
const TIMESTAMP_WINDOW_MS = 5_000;

interface FakeKey {
  secret: string;
  passphrase: string;
  permissions: string[];
}

const KEYS = new Map<string, FakeKey>([
  [
    KUCOIN_DEMO_CREDENTIALS.apiKey,
    {
      secret: KUCOIN_DEMO_CREDENTIALS.apiSecret,
      passphrase: KUCOIN_DEMO_CREDENTIALS.apiPassphrase,
      permissions: ['General', 'Spot'],
    },
  ],
  [
    KUCOIN_DEMO_WITHDRAW_CREDENTIALS.apiKey,
    {
      secret: KUCOIN_DEMO_WITHDRAW_CREDENTIALS.apiSecret,
      passphrase: KUCOIN_DEMO_WITHDRAW_CREDENTIALS.apiPassphrase,
      permissions: ['General', 'Spot', 'Transfer'],
    },
  ],
]);

const ACCOUNTS = [
  {
    id: '5bd6e9286d99522a52e458de',
    currency: 'USDT',
    type: 'main',
    balance: '25000.00000000',
    available: '25000.00000000',
    holds: '0',
  },
  {
    id: '5bd6e9216d99522a52e458d6',
    currency: 'USDT',
    type: 'trade',
    balance: '12000.00000000',
    available: '11500.00000000',
    holds: '500.00000000',
  },
  {
    id: '5bd6e9216d99522a52e458d7',
    currency: 'BTC',
    type: 'trade',
    balance: '0.50000000',
    available: '0.50000000',
    holds: '0',
  },
  {
    id: '5bd6e9216d99522a52e458d8',
    currency: 'ETH',
    type: 'trade',
    balance: '4.00000000',
    available: '4.00000000',
    holds: '0',
  },
];

const SUB_ACCOUNTS = [
  { userId: '635002438793b80001dcc8b3', uid: 62356, subName: 'bohedging01', type: 0, remarks: 'hedging' },
  { userId: '635002438793b80001dcc8b4', uid: 62357, subName: 'botreasury01', type: 0, remarks: 'treasury' },
  { userId: '635002438793b80001dcc8b5', uid: 62358, subName: 'bobots01', type: 0, remarks: 'bots' },
  { userId: '635002438793b80001dcc8b6', uid: 62359, subName: 'bobots02', type: 0, remarks: 'bots' },
];

/** Seeded mid prices; the book is a fixed ladder around them (deterministic, no random walk here). */
const MIDS: Record<string, { mid: number; tick: number; dp: number }> = {
  'BTC-USDT': { mid: 60000, tick: 0.5, dp: 1 },
  'ETH-USDT': { mid: 3000, tick: 0.05, dp: 2 },
};

interface FakeOrder {
  id: string;
  clientOid: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price: string;
  size: string;
  isActive: boolean;
  createdAt: number;
}

const ok = (data: unknown) => ({ code: '200000', data });
const refuse = (reply: FastifyReply, status: number, code: string, msg: string) =>
  reply.code(status).send({ code, msg });

/** Keeps each request's raw body: KuCoin signs the exact bytes sent, so the fake must check those. */
export function keepRawJson(app: FastifyInstance, raw: WeakMap<FastifyRequest, string>) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    raw.set(req, text);
    try {
      done(null, text === '' ? {} : JSON.parse(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/**
 * Checks KuCoin's private-request headers with KuCoin's rules, in KuCoin's order: all present (400001), the
 * key known (400003), the timestamp within 5 s (400002), the signature (400004), then the signed passphrase
 * (400005). Answers the key's record, or sends the refusal and answers null.
 */
export function verifyKucoinRequest(
  req: FastifyRequest,
  reply: FastifyReply,
  prefix: string,
  raw: WeakMap<FastifyRequest, string>,
  now: () => Date,
  keys: ReadonlyMap<string, FakeKey> = KEYS,
): FakeKey | null {
  const h = (name: string) => {
    const v = req.headers[name.toLowerCase()];
    return typeof v === 'string' ? v : undefined;
  };
  const apiKey = h('KC-API-KEY');
  const sign = h('KC-API-SIGN');
  const ts = h('KC-API-TIMESTAMP');
  const pass = h('KC-API-PASSPHRASE');
  if (!apiKey || !sign || !ts || !pass) {
    refuse(
      reply,
      401,
      '400001',
      'Please check the header of your request for KC-API-KEY, KC-API-SIGN, KC-API-TIMESTAMP, KC-API-PASSPHRASE',
    );
    return null;
  }
  const key = keys.get(apiKey);
  if (!key) {
    refuse(reply, 401, '400003', 'KC-API-KEY not exists');
    return null;
  }
  if (!/^\d+$/.test(ts) || Math.abs(Number(ts) - now().getTime()) > TIMESTAMP_WINDOW_MS) {
    refuse(reply, 401, '400002', 'Invalid KC-API-TIMESTAMP');
    return null;
  }
  const path = req.url.slice(prefix.length);
  const expected = kucoinHmac(key.secret, kucoinPrehash(ts, req.method, path, raw.get(req) ?? ''));
  if (!sameSignature(sign, expected)) {
    refuse(reply, 401, '400004', 'Signature error');
    return null;
  }
  const version = h('KC-API-KEY-VERSION') ?? '1';
  const passOk =
    version === '1' ? pass === key.passphrase : sameSignature(pass, kucoinHmac(key.secret, key.passphrase));
  if (!passOk) {
    refuse(reply, 401, '400005', 'Invalid KC-API-PASSPHRASE');
    return null;
  }
  return key;
}

/**
 * The in-process KuCoin spot fake (brief B "kucoin-config" 4): server time, accounts, the key's record,
 * sub-accounts, a fixed order book and orders, behind KuCoin's own signature rules, so a wrong passphrase
 * fails here exactly as on KuCoin. State is seeded and kept per mounted instance.
 */
export const kucoinFake: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
  const raw = new WeakMap<FastifyRequest, string>();
  keepRawJson(app, raw);
  const orders: FakeOrder[] = [];
  let seq = 0;

  const signed = async (req: FastifyRequest, reply: FastifyReply) => {
    const key = verifyKucoinRequest(req, reply, app.prefix, raw, now);
    if (key) (req as FastifyRequest & { kcKey?: FakeKey }).kcKey = key;
  };
  const keyOf = (req: FastifyRequest) => (req as FastifyRequest & { kcKey?: FakeKey }).kcKey as FakeKey;

  app.get('/api/v1/timestamp', async () => ok(now().getTime() + KUCOIN_FAKE_SKEW_MS));

  app.get('/api/v1/market/orderbook/level2_20', async (req, reply) => {
    const symbol = String((req.query as { symbol?: unknown }).symbol ?? '');
    const market = MIDS[symbol];
    if (!market) return refuse(reply, 400, '400100', 'symbol not exists');
    const level = (i: number, dir: 1 | -1) => [
      (market.mid + dir * market.tick * (i + 1)).toFixed(market.dp),
      (0.05 * (i + 1)).toFixed(8),
    ];
    return ok({
      time: now().getTime(),
      sequence: '3262786978',
      bids: Array.from({ length: 20 }, (_, i) => level(i, -1)),
      asks: Array.from({ length: 20 }, (_, i) => level(i, 1)),
    });
  });

  app.get('/api/v1/accounts', { preHandler: signed }, async (req) => {
    const type = (req.query as { type?: string }).type;
    return ok(ACCOUNTS.filter((a) => !type || a.type === type));
  });

  app.get('/api/v1/user/api-key', { preHandler: signed }, async (req) => {
    const key = keyOf(req);
    return ok({
      apiKey: String(req.headers['kc-api-key']),
      permission: key.permissions.join(','),
      ipWhitelist: '',
      isMaster: true,
      createdAt: 1_700_000_000_000,
    });
  });

  app.get('/api/v1/sub/user', { preHandler: signed }, async () => ok(SUB_ACCOUNTS));

  app.post('/api/v1/orders', { preHandler: signed }, async (req, reply) => {
    if (!keyOf(req).permissions.includes('Spot'))
      return refuse(reply, 403, '400007', 'Access denied, require more permission');
    const b = (req.body ?? {}) as Record<string, unknown>;
    const market = MIDS[String(b.symbol)];
    if (!market) return refuse(reply, 400, '400100', 'symbol not exists');
    if (b.side !== 'buy' && b.side !== 'sell') return refuse(reply, 400, '400100', 'side error');
    const type = b.type === 'market' ? 'market' : 'limit';
    if (typeof b.size !== 'string' || !/^\d+(\.\d{1,8})?$/.test(b.size) || Number(b.size) <= 0)
      return refuse(reply, 400, '400100', 'size error');
    if (type === 'limit' && (typeof b.price !== 'string' || !/^\d+(\.\d{1,8})?$/.test(b.price)))
      return refuse(reply, 400, '400100', 'price error');
    seq += 1;
    const order: FakeOrder = {
      id: `fake${String(seq).padStart(20, '0')}`,
      clientOid: typeof b.clientOid === 'string' ? b.clientOid : '',
      symbol: String(b.symbol),
      side: b.side,
      type,
      // A market order fills at once at the first level of the fixed book.
      price:
        type === 'market'
          ? (market.mid + (b.side === 'buy' ? market.tick : -market.tick)).toFixed(market.dp)
          : String(b.price),
      size: b.size,
      isActive: type === 'limit',
      createdAt: now().getTime(),
    };
    orders.push(order);
    return ok({ orderId: order.id });
  });

  app.get('/api/v1/orders', { preHandler: signed }, async (req) => {
    const status = (req.query as { status?: string }).status;
    const items = orders
      .filter((o) => status === undefined || (status === 'active') === o.isActive)
      .map((o) => ({ ...o, dealSize: o.isActive ? '0' : o.size }))
      .reverse();
    return ok({
      currentPage: 1,
      pageSize: 50,
      totalNum: items.length,
      totalPage: 1,
      items: items.slice(0, 50),
    });
  });
};
