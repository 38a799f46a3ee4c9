import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { keepRawJson, verifyKucoinRequest } from '../kucoin/kucoin-fake';
import { kucoinHmac } from '../kucoin/kucoin-signing';
import { sameSignature } from '../same-signature';

/** The broker credentials the fake accepts in demo mode: paste them into KuCoin Broker Config. */
export const KUCOIN_BROKER_DEMO_CREDENTIALS = {
  brokerName: 'Backoffice Demo',
  partnerId: 'demo-partner',
  brokerKey: 'demo-broker-key-5e2b',
  apiKey: '64f0c0ffee0000000000bk01',
  apiSecret: 'demo-broker-master-secret-71c3',
  apiPassphrase: 'demo-broker-passphrase',
} as const;

/** The fake's own code for a refused partner header set (KuCoin documents none). */
export const KUCOIN_FAKE_PARTNER_CODE = '400010';

const SEEDED_ACCOUNTS = 134;
const MAX_ACCOUNTS = 500;
const LEVEL = 2;
const PERMISSIONS = ['General', 'Spot', 'Futures'];
const MASTER_KEYS = new Map([
  [
    KUCOIN_BROKER_DEMO_CREDENTIALS.apiKey,
    {
      secret: KUCOIN_BROKER_DEMO_CREDENTIALS.apiSecret,
      passphrase: KUCOIN_BROKER_DEMO_CREDENTIALS.apiPassphrase,
      permissions: ['General', 'Spot', 'Broker'],
    },
  ],
]);

interface SubAccount {
  accountName: string;
  uid: string;
  createdAt: number;
  level: number;
  /** In units of 1e-8, as bigint: amounts are decimal strings and never floats. */
  balances: Record<string, { MAIN: bigint; TRADE: bigint }>;
}

interface SubKey {
  uid: string;
  label: string;
  apiKey: string;
  secretKey: string;
  apiVersion: number;
  permissions: string[];
  ipWhitelist: string[];
  createdAt: number;
}

const DAY = 86_400_000;
const ok = (data: unknown) => ({ code: '200000', data });
const refuse = (reply: FastifyReply, status: number, code: string, msg: string) =>
  reply.code(status).send({ code, msg });
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10).replaceAll('-', '');
const page = <T>(items: T[], query: { currentPage?: string; pageSize?: string }) => {
  const pageSize = Math.min(Math.max(Number(query.pageSize) || 20, 1), 100);
  const currentPage = Math.max(Number(query.currentPage) || 1, 1);
  return {
    currentPage,
    pageSize,
    totalNum: items.length,
    totalPage: Math.ceil(items.length / pageSize),
    items: items.slice((currentPage - 1) * pageSize, currentPage * pageSize),
  };
};
const isIp = (v: unknown) =>
  typeof v === 'string' &&
  (/^(\d{1,3})(\.\d{1,3}){3}$/.test(v) || (/^[0-9a-f:]+$/i.test(v) && v.includes(':')));

/**
 * The in-process KuCoin broker fake (brief B "kucoin-broker-config" 4): broker info, sub-account and API-key
 * create/list, transfers master ↔ sub and a daily rebate file, behind the same KC-API-* signature rules as
 * the spot fake plus the partner headers. Seeded with 134 of 500 sub-accounts at level 2.
 */
export const kucoinBrokerFake: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
  const raw = new WeakMap<FastifyRequest, string>();
  keepRawJson(app, raw);
  const start = now().getTime();
  const accounts: SubAccount[] = Array.from({ length: SEEDED_ACCOUNTS }, (_, i) => ({
    accountName: `bofcmerchant${String(i + 1).padStart(3, '0')}`,
    uid: String(226_000_001 + i),
    createdAt: start - (SEEDED_ACCOUNTS - i) * DAY,
    level: 0,
    balances: {},
  }));
  const keys: SubKey[] = [];
  let seq = 0;

  const signed = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!verifyKucoinRequest(req, reply, app.prefix, raw, now, MASTER_KEYS)) return;
    const h = (n: string) => (typeof req.headers[n] === 'string' ? (req.headers[n] as string) : '');
    const demo = KUCOIN_BROKER_DEMO_CREDENTIALS;
    const expected = kucoinHmac(
      demo.brokerKey,
      `${h('kc-api-timestamp')}${demo.partnerId}${h('kc-api-key')}`,
    );
    if (
      h('kc-api-partner') !== demo.partnerId ||
      h('kc-broker-name') !== demo.brokerName ||
      !sameSignature(h('kc-api-partner-sign'), expected)
    )
      refuse(
        reply,
        401,
        KUCOIN_FAKE_PARTNER_CODE,
        'Invalid KC-API-PARTNER, KC-API-PARTNER-SIGN or KC-BROKER-NAME',
      );
  };
  const find = (uid: unknown) => accounts.find((a) => a.uid === String(uid));

  app.get('/api/v1/broker/nd/info', { preHandler: signed }, async () =>
    ok({ accountSize: accounts.length, maxAccountSize: MAX_ACCOUNTS, level: LEVEL }),
  );

  app.post('/api/v1/broker/nd/account', { preHandler: signed }, async (req, reply) => {
    const name = (req.body as { accountName?: unknown }).accountName;
    if (typeof name !== 'string' || !/^[a-zA-Z0-9]{7,32}$/.test(name))
      return refuse(reply, 400, '400100', 'accountName must be 7-32 letters and digits');
    if (accounts.some((a) => a.accountName === name))
      return refuse(reply, 400, '400100', 'accountName already exists');
    if (accounts.length >= MAX_ACCOUNTS) return refuse(reply, 400, '400100', 'Sub-account limit reached');
    const account: SubAccount = {
      accountName: name,
      uid: String(226_000_001 + accounts.length),
      createdAt: now().getTime(),
      level: 0,
      balances: {},
    };
    accounts.push(account);
    return ok({
      accountName: account.accountName,
      uid: account.uid,
      createdAt: account.createdAt,
      level: account.level,
    });
  });

  app.get('/api/v1/broker/nd/account', { preHandler: signed }, async (req) => {
    const q = req.query as { uid?: string; currentPage?: string; pageSize?: string };
    const list = accounts
      .filter((a) => !q.uid || a.uid === q.uid)
      .map(({ accountName, uid, createdAt, level }) => ({ accountName, uid, createdAt, level }));
    return ok(page(list, q));
  });

  app.post('/api/v1/broker/nd/account/apikey', { preHandler: signed }, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (!find(b.uid)) return refuse(reply, 400, '400100', 'uid not exists');
    const ips = Array.isArray(b.ipWhitelist) ? b.ipWhitelist : [];
    if (ips.length > 20 || !ips.every(isIp))
      return refuse(reply, 400, '400100', 'ipWhitelist: at most 20 IP addresses');
    const permissions = Array.isArray(b.permissions) ? b.permissions.map(String) : [];
    if (permissions.length === 0 || !permissions.every((p) => PERMISSIONS.includes(p)))
      return refuse(reply, 400, '400100', 'permissions must be General, Spot or Futures');
    if (typeof b.passphrase !== 'string' || b.passphrase.length < 7)
      return refuse(reply, 400, '400100', 'passphrase must be at least 7 characters');
    seq += 1;
    const key: SubKey = {
      uid: String(b.uid),
      label: typeof b.label === 'string' ? b.label : '',
      apiKey: `64f0c0ffee${String(seq).padStart(14, '0')}`,
      secretKey: kucoinHmac('fake-sub-key-seed', `${b.uid}:${seq}`).slice(0, 36),
      apiVersion: 3,
      permissions,
      ipWhitelist: ips.map(String),
      createdAt: now().getTime(),
    };
    keys.push(key);
    return ok(key);
  });

  app.get('/api/v1/broker/nd/account/apikey', { preHandler: signed }, async (req) => {
    const q = req.query as { uid?: string; apiKey?: string };
    // A key's secret is shown once, at creation, as on KuCoin.
    return ok(
      keys
        .filter((k) => k.uid === q.uid && (!q.apiKey || k.apiKey === q.apiKey))
        .map(({ secretKey: _, ...k }) => k),
    );
  });

  app.post('/api/v1/broker/nd/transfer', { preHandler: signed }, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const sub = find(b.specialUid);
    if (!sub) return refuse(reply, 400, '400100', 'specialUid not exists');
    if (typeof b.amount !== 'string' || !/^\d+(\.\d{1,8})?$/.test(b.amount) || /^0*(\.0*)?$/.test(b.amount))
      return refuse(reply, 400, '400100', 'amount error');
    if (b.direction !== 'OUT' && b.direction !== 'IN')
      return refuse(reply, 400, '400100', 'direction must be OUT or IN');
    const type = b.specialAccountType === 'TRADE' ? 'TRADE' : 'MAIN';
    const currency = String(b.currency ?? '');
    if (!/^[A-Z0-9]{2,10}$/.test(currency)) return refuse(reply, 400, '400100', 'currency error');
    const balance = sub.balances[currency] ?? { MAIN: 0n, TRADE: 0n };
    sub.balances[currency] = balance;
    const [whole = '0', frac = ''] = b.amount.split('.');
    const amount = BigInt(whole) * 100_000_000n + BigInt(frac.padEnd(8, '0'));
    // OUT: master → sub; IN: sub → master (the master's own balance is not modelled).
    if (b.direction === 'IN' && balance[type] < amount)
      return refuse(reply, 400, '200004', 'Balance insufficient');
    balance[type] += b.direction === 'OUT' ? amount : -amount;
    seq += 1;
    return ok({ orderId: `fake-transfer-${seq}` });
  });

  app.get('/api/v1/broker/nd/rebase/download', { preHandler: signed }, async (req, reply) => {
    const q = req.query as { begin?: string; end?: string };
    if (!/^\d{8}$/.test(q.begin ?? '') || !/^\d{8}$/.test(q.end ?? ''))
      return refuse(reply, 400, '400100', 'begin and end are yyyyMMdd');
    return ok({ url: `${app.prefix}/rebates/${q.begin}-${q.end}.csv` });
  });

  /** The daily rebate file: one row per day and the first five sub-accounts, amounts derived from the day. */
  app.get('/rebates/:range', async (req, reply) => {
    const m = /^(\d{8})-(\d{8})\.csv$/.exec((req.params as { range: string }).range);
    if (!m) return reply.code(404).send('Not found');
    const toTime = (d: string) =>
      Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8)));
    const lines = ['Date,UID,Currency,Rebate'];
    for (let t = toTime(m[1] as string); t <= toTime(m[2] as string) && lines.length < 2_000; t += DAY)
      for (const a of accounts.slice(0, 5)) {
        const milli = (Math.floor(t / DAY) % 97) * 13 + Number(a.uid.slice(-1)) * 100;
        lines.push(
          `${ymd(t)},${a.uid},USDT,${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}00000`,
        );
      }
    return reply.type('text/csv').send(`${lines.join('\n')}\n`);
  });
};
