import {
  ADMIN_CALLS,
  ADMIN_SERVICE_PREFIX,
  type CallDef,
  coinHealthRowSchema,
  EXPORT_PATH,
  exportRequestSchema,
  GOAML_DOWNLOAD_PATH,
  INGEST_PREFIX,
  ingestChatMessageSchema,
  ingestFailureSchema,
  ingestPaidSchema,
  ingestPayoutAnswerSchema,
  ingestPayoutRequestSchema,
  ingestProviderPaymentSchema,
  ingestTransactionAnswerSchema,
  ingestVTokenClaimSchema,
  ingestVTokenSaleSchema,
  ingestWaitingTransactionSchema,
  LICENSE_VALIDATE_PATH,
  licenseValidationSchema,
  MAIN_CALLS,
  MAIN_SERVICE_PREFIX,
  NODES_SANDBOX_PATH,
  PROVIDER_KIND_BY_NAME,
  sandboxNodeStallSchema,
  validateKeyParamsSchema,
} from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { failureCauses, kycSubmissions, merchants, transactions } from './db/schema';
import { seedDemoData } from './db/seed/demo-data.seed';
import { listRoles, setRoleSlugs, updateRole } from './modules/roles/roles.repository';
import { encodeCursor } from './modules/transactions/transactions.service';
import {
  changedTables,
  createTableWatch,
  encode,
  hostileQuerySuffix,
  hostileRawBody,
  hostileValue,
  type ParamHints,
  paramsFor,
  STORABLE_HOSTILE_STRINGS,
  toJsonText,
  toQueryString,
} from './test/hostile-input';
import { createTestApp, csrf, signIn, solveBotCheck, TEST_PASSWORD, type TestApp } from './test/test-app';

/**
 * Issue 5, bad input: every call of the contract (and the platform feed) gets random and hostile params,
 * signed in as admin. Each answer is a clean envelope refusal or a valid answer, never a 500; a refused
 * call leaves every table as it was. The seed is fixed so a failure reproduces; fast-check prints it.
 */
const SEED = 20_260_505;
/** Runs per call: more for the calls that write, where a bad value can reach a column. */
const RUNS = { GET: 25, POST: 50 } as const;
const FEED_TOKEN = 'fuzz-feed-token-'.padEnd(40, 'z');
// Anonymous calls come from an address of their own, so failed fuzzed logins never lock out the admin.
const FUZZ_IP = '10.66.0.1';
/** Replaced, just before sending, by a freshly solved bot check: a refusal behind it is then reached. */
const FRESH_BOT_PAYLOAD = '<fresh bot payload>';

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  call?: string | undefined;
  params: z.ZodType;
  data: z.ZodType;
  auth: 'staff' | 'anonymous' | 'feed';
  /** A path parameter (`:ref`), fuzzed too. */
  pathParam?: { name: string; hint: () => fc.Arbitrary<string> };
  /** Tables a refused call writes by design, and why. */
  refusalMayWrite?: readonly string[];
  /** Tables a successful GET writes by design (GET never changes state otherwise, DESIGN §2). */
  readMayWrite?: readonly string[];
  /** A success is a CSV download, not the JSON envelope (the list export). */
  answersCsv?: boolean;
  /** A success is an XML file, not the JSON envelope (a goAML report's download). */
  answersXml?: boolean;
}

// Login and the reset request redeem the single-use bot check before they look further; a failed sign-in
// is counted (lockout, SPEC §9) and audited — writes that the refusal itself is made of.
const REFUSAL_WRITES: Record<string, readonly string[]> = {
  Login: ['used_bot_challenges', 'login_throttle', 'audit_log'],
  ForgotPassword: ['used_bot_challenges', 'login_throttle', 'audit_log'],
  // Every run of a saved SQL report is kept and audited, a refused one too (brief: "every run is audited").
  PreviewReport: ['report_runs', 'audit_log'],
  RunReportNow: ['report_runs', 'audit_log'],
  DownloadReportCsv: ['report_runs', 'audit_log'],
};
// Reading a chat marks it read for the reader (SPEC §2.7 unread dots).
const READ_WRITES: Record<string, readonly string[]> = { ChatHistory: ['chat_reads'] };

const contractTarget = (service: 'admin' | 'main', name: string, def: CallDef): Target => {
  const prefix = service === 'admin' ? ADMIN_SERVICE_PREFIX : MAIN_SERVICE_PREFIX;
  return {
    name: `${service} ${name}`,
    method: def.method,
    path: def.path === '/' ? prefix : `${prefix}${def.path}`,
    call: def.call,
    params: def.params,
    data: def.data,
    auth: def.access === 'public' ? 'anonymous' : 'staff',
    refusalMayWrite: REFUSAL_WRITES[name] ?? [],
    readMayWrite: READ_WRITES[name] ?? [],
  };
};

let t: TestApp;
let staff: { cookie: string; token: string };
let hints: ParamHints;
let watch: ReturnType<typeof createTableWatch>;
let ingestRefs: fc.Arbitrary<string>;
let somePaymentId = 0;
/** The roles as seeded: a fuzzed UpdateRole that succeeds may narrow the admin's own, so they are put back. */
let seededRoles: Awaited<ReturnType<typeof listRoles>> = [];
const restoreRoles = async () => {
  for (const role of seededRoles) {
    await updateRole(t.database.db, role.ID, { name: role.Name, description: role.Description });
    await setRoleSlugs(t.database.db, role.ID, role.Permissions);
  }
};

beforeAll(async () => {
  t = await createTestApp({ ingestToken: FEED_TOKEN });
  const now = t.clock.now();
  await seedDemoData(t.database.db, { seed: 5, days: 2, txPerDay: 12, now });
  const db = t.database.db;
  watch = createTableWatch(db);
  const signedIn = await signIn(t.app, 'admin');
  staff = { cookie: signedIn.cookie, token: signedIn.token };

  const rowsOf = (prefix: 'T' | 'P') =>
    db
      .select({ id: transactions.transactionId, merchantId: transactions.merchantId })
      .from(transactions)
      .where(eq(transactions.prefix, prefix))
      .limit(10);
  const payments = await rowsOf('T');
  const payouts = await rowsOf('P');
  const waiting = await db
    .select({ id: transactions.transactionId })
    .from(transactions)
    .where(and(eq(transactions.prefix, 'T'), eq(transactions.status, 'waiting')))
    .limit(5);
  const merchantIds = (await db.select({ id: merchants.id }).from(merchants).limit(5)).map((m) => m.id);
  const failureIds = (await db.select({ id: failureCauses.id }).from(failureCauses).limit(5)).map(
    (f) => f.id,
  );
  // Pending cases, so a fuzzed hold or decision gets past its lookups and its state check.
  const kycIds = (
    await db
      .select({ id: kycSubmissions.id })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.status, 'pending'))
      .limit(5)
  ).map((k) => k.id);
  seededRoles = await listRoles(db);
  const pad = (id: number) => String(id).padStart(9, '0');
  const paymentIds = payments.map((r) => r.id);
  somePaymentId = paymentIds[0] ?? 0;
  const payoutIds = payouts.map((r) => r.id);
  const refs = [...paymentIds.map((id) => `T${pad(id)}`), ...payoutIds.map((id) => `P${pad(id)}`)];
  const waitingRefs = waiting.map((w) => `T${pad(w.id)}`);
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  const list = await t.app.inject({
    method: 'GET',
    url: `${ADMIN_SERVICE_PREFIX}?Call=ListTransactions&start=${day(3)}&end=${day(0)}&pageSize=2`,
    headers: { authorization: `Bearer ${staff.token}` },
  });
  const cursor = (list.json().data as { lastCursor: string | null }).lastCursor ?? '';
  const some = <T>(values: T[], fallback: T) => fc.constantFrom(...(values.length > 0 ? values : [fallback]));

  // Values that exist in the seeded database, by parameter name, so a call gets past its lookups.
  hints = {
    MerchantID: fc.constantFrom(signedIn.session.ID, String(signedIn.session.ID)),
    APIKey: fc.constant(signedIn.session.APIKey),
    ID: fc.oneof(
      some(refs, 'T1'),
      some(paymentIds, 1),
      some(merchantIds, 1),
      some(failureIds, 1),
      some(kycIds, 1),
    ),
    TransactionID: fc.oneof(some(paymentIds, 1), some(waitingRefs, 'T1')),
    PayoutID: some(payoutIds, 1),
    targetMerchant: some(
      payments.map((r) => r.merchantId),
      1,
    ),
    ProviderID: fc.constantFrom(...Object.keys(PROVIDER_KIND_BY_NAME)),
    // A record the feed accepts, its text odd but storable, so the write path is fuzzed too.
    provider: fc.constant('Rapyd'),
    details: fc.record({
      kind: fc.constant('rapyd'),
      id: fc.constantFrom(...STORABLE_HOSTILE_STRINGS),
      fields: fc.dictionary(
        fc.constantFrom('note', '__proto__', 'a\u202Eb'),
        fc.constantFrom(...STORABLE_HOSTILE_STRINGS),
      ),
    }),
    coin: fc.constantFrom(1, 2, 3, 625),
    AltCoinID: fc.constantFrom(1, 625),
    altCoinId: fc.constantFrom(1, 625),
    merchantId: some(merchantIds, 1),
    transactionId: some(paymentIds, 1),
    id: some(failureIds, 1),
    FiatMoney: fc.constantFrom('EUR', 'BTC'),
    inputCurrency: fc.constantFrom('EUR', 'BTC'),
    start: fc.constantFrom(day(7), day(1)),
    end: fc.constantFrom(day(0), day(1)),
    startDate: fc.constantFrom(day(7), day(1)),
    endDate: fc.constantFrom(day(0), day(1)),
    // A real cursor, and well-formed cursors whose value does not fit the sort column.
    cursor: fc.constantFrom(
      cursor,
      encodeCursor({ value: 'not-a-number', id: 1 }),
      encodeCursor({ value: '\u0000', id: 1 }),
      encodeCursor({ value: '9'.repeat(100), id: 2 ** 40 }),
      encodeCursor({ value: '2026-99-99', id: 1 }),
      encodeCursor({ value: "' OR 1=1 --", id: 1 }),
    ),
    User: fc.constantFrom('viewer', 'kyc', 'nobody'),
    Password: fc.constant(TEST_PASSWORD),
    totp: fc.constant('000000'),
    'g-recaptcha-response': fc.constant(FRESH_BOT_PAYLOAD),
    logout: fc.constant('true'),
  };
  ingestRefs = fc.oneof(some(refs, 'T1'), some(waitingRefs, 'T1'));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const feedTargets = (): Target[] => {
  const ref = { name: 'ref', hint: () => ingestRefs };
  // A watched coin, a fiat one (no node: 404) and one not in the catalogue.
  const coin = { name: 'coin', hint: () => fc.constantFrom('1', '625', '9999') };
  const feed = (path: string, params: z.ZodType, data: z.ZodType, pathParam?: Target['pathParam']) => ({
    name: `feed POST ${path}`,
    method: 'POST' as const,
    path: `${INGEST_PREFIX}${path}`,
    params,
    data,
    auth: 'feed' as const,
    ...(pathParam ? { pathParam } : {}),
  });
  return [
    feed('/transactions', ingestWaitingTransactionSchema, ingestTransactionAnswerSchema),
    feed('/transactions/:ref/paid', ingestPaidSchema, ingestTransactionAnswerSchema, ref),
    feed('/transactions/:ref/expired', z.object({}), ingestTransactionAnswerSchema, ref),
    feed('/vtokens', ingestVTokenSaleSchema, ingestTransactionAnswerSchema),
    feed('/transactions/:ref/vtoken-claimed', ingestVTokenClaimSchema, ingestTransactionAnswerSchema, ref),
    feed('/provider-payments', ingestProviderPaymentSchema, z.null()),
    feed('/chat-messages', ingestChatMessageSchema, z.object({ id: z.number().int().positive() })),
    feed('/failures', ingestFailureSchema, z.object({ id: z.number().int().positive() })),
    feed(`${NODES_SANDBOX_PATH}/:coin/stall`, sandboxNodeStallSchema, coinHealthRowSchema, coin),
    feed(`${NODES_SANDBOX_PATH}/:coin/resume`, z.object({}), coinHealthRowSchema, coin),
    feed('/payout-requests', ingestPayoutRequestSchema, ingestPayoutAnswerSchema),
    // The licence server's public route (ADR 0032): no session, limited per address before the body is read.
    {
      name: `licensing POST ${LICENSE_VALIDATE_PATH}`,
      method: 'POST' as const,
      path: LICENSE_VALIDATE_PATH,
      params: validateKeyParamsSchema,
      data: licenseValidationSchema,
      auth: 'anonymous' as const,
      refusalMayWrite: ['login_throttle'],
    },
  ];
};

/** The CSV export of every exportable list: hostile filters and columns get a clean refusal or a file. */
const exportTargets: Target[] = Object.entries(ADMIN_CALLS)
  .filter(([, def]) => def.exportable)
  .map(([name]) => ({
    name: `admin export ${name}`,
    method: 'POST',
    path: `${ADMIN_SERVICE_PREFIX}${EXPORT_PATH}`,
    call: name,
    params: exportRequestSchema,
    data: z.unknown(),
    auth: 'staff',
    answersCsv: true,
  }));

/** A generated goAML report's file (ADR 0022): GoamlReportDetail's params, an XML attachment or a refusal. */
const goamlDownloadTarget: Target = {
  name: 'admin goAML report download',
  method: 'GET',
  path: `${ADMIN_SERVICE_PREFIX}${GOAML_DOWNLOAD_PATH}`,
  params: ADMIN_CALLS.GoamlReportDetail.params,
  data: z.unknown(),
  auth: 'staff',
  answersXml: true,
};

const contractTargets: Target[] = [
  ...Object.entries(ADMIN_CALLS).map(([name, def]) => contractTarget('admin', name, def)),
  ...Object.entries(MAIN_CALLS).map(([name, def]) => contractTarget('main', name, def)),
  ...exportTargets,
  goamlDownloadTarget,
];

/** The full paths of Fastify's route tree (`printRoutes`): each line's segment after its ancestors'. */
function routesOf(tree: string): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?) \(([^)]*)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack.length = depth;
    stack[depth] = path;
    paths.push(path);
  }
  return paths;
}

type Body = { kind: 'params'; params: unknown } | { kind: 'raw'; contentType: string; text: string };
interface Attempt {
  body: Body;
  suffix: string;
  pathValue: string | undefined;
}

const short = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);

function attemptsFor(target: Target): fc.Arbitrary<Attempt> {
  const params = paramsFor(target.params, hints).map((p): Body => ({ kind: 'params', params: p }));
  const body =
    target.method === 'POST'
      ? fc.oneof(
          { weight: 12, arbitrary: params },
          { weight: 1, arbitrary: hostileRawBody.map((raw): Body => ({ kind: 'raw', ...raw })) },
        )
      : params;
  // A path segment: a real reference, a hostile value escaped, or a raw malformed escape sequence.
  const pathValue = target.pathParam
    ? fc.oneof(
        { weight: 4, arbitrary: target.pathParam.hint().map(encode) },
        { weight: 2, arbitrary: hostileValue.map((v) => encode(typeof v === 'string' ? v : toJsonText(v))) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('%', '%ZZ', '%C0%80', '%E0%A4%A', 'T1%00', '..%2F..%2Fpaid', '%2e%2e'),
        },
      )
    : fc.constant(undefined);
  return fc.record({ body, suffix: hostileQuerySuffix, pathValue }).map((attempt) =>
    // A counterexample can hold a megabyte string; print it cut short.
    Object.assign(attempt, {
      [fc.toStringMethod]: () =>
        short(
          `${attempt.body.kind === 'raw' ? attempt.body.text : toJsonText(attempt.body.params)} ${attempt.suffix} ${attempt.pathValue ?? ''}`,
        ),
    }),
  );
}

async function withFreshBotChecks(params: unknown): Promise<unknown> {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return params;
  const entries = await Promise.all(
    Object.entries(params).map(async ([key, value]) => [
      key,
      value === FRESH_BOT_PAYLOAD ? await solveBotCheck(t.app) : value,
    ]),
  );
  return Object.fromEntries(entries);
}

async function send(target: Target, attempt: Attempt): Promise<LightMyRequestResponse> {
  const path = target.pathParam
    ? target.path.replace(`:${target.pathParam.name}`, attempt.pathValue ?? '')
    : target.path;
  const params = attempt.body.kind === 'params' ? await withFreshBotChecks(attempt.body.params) : undefined;
  const query = [
    target.call ? `Call=${target.call}` : '',
    target.method === 'GET' ? toQueryString(params) : '',
  ]
    .filter(Boolean)
    .join('&');
  const headers: Record<string, string> = { ...csrf };
  if (target.auth === 'staff') {
    headers.cookie = staff.cookie;
    headers.authorization = `Bearer ${staff.token}`;
  }
  if (target.auth === 'feed') headers.authorization = `Bearer ${FEED_TOKEN}`;
  let payload: string | undefined;
  if (target.method === 'POST') {
    if (attempt.body.kind === 'raw') {
      headers['content-type'] = attempt.body.contentType;
      payload = attempt.body.text;
    } else {
      headers['content-type'] = 'application/json';
      payload = toJsonText(params ?? null);
    }
  }
  return t.app.inject({
    method: target.method,
    url: `${path}?${query}${attempt.suffix}`,
    headers,
    remoteAddress: target.auth === 'anonymous' ? FUZZ_IP : '127.0.0.1',
    ...(payload === undefined ? {} : { payload }),
  });
}

// What must never reach a caller: a stack, a source path, the database's words.
const LEAKS = [
  /\n\s+at /,
  /node_modules/,
  /\/work\//,
  /file:\/\//,
  /\.[cm]?[jt]s:\d+/,
  /Failed query/i,
  /syntax error/i,
  /violates/i,
  /duplicate key/i,
  /invalid input syntax/i,
  /out of range/i,
  /invalid byte sequence/i,
  /unsupported Unicode escape/i,
  /relation "/i,
  /column "/i,
  /SQLSTATE/i,
  /PGlite/i,
  /drizzle/i,
];

/** The answer is a clean envelope: a valid success or a 4xx refusal that leaks nothing. */
function verdictOf(target: Target, response: LightMyRequestResponse): 'success' | 'refused' {
  const where = `${target.name} answered ${response.statusCode}: ${short(response.body)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (target.answersCsv && response.statusCode === 200) {
    expect(response.headers['content-type'], where).toMatch(/^text\/csv/);
    return 'success';
  }
  if (target.answersXml && response.statusCode === 200) {
    expect(response.headers['content-type'], where).toMatch(/^application\/xml/);
    return 'success';
  }
  expect(response.headers['content-type'], where).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(Object.keys(body).sort(), where).toEqual(['data', 'message', 'status_code']);
  expect(body.status_code, where).toBe(response.statusCode);
  expect(typeof body.message, where).toBe('string');
  if (response.statusCode === 200) {
    const parsed = target.data.safeParse(body.data);
    expect(parsed.success, `${where}\n${parsed.error?.message ?? ''}`).toBe(true);
    return 'success';
  }
  expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(body.message, where).not.toBe('');
  for (const leak of LEAKS) expect(response.body, `${where}\nleaks ${leak}`).not.toMatch(leak);
  return 'refused';
}

async function fuzz(target: Target) {
  await fc.assert(
    fc.asyncProperty(attemptsFor(target), async (attempt) => {
      const before = await watch.snapshot();
      const response = await send(target, attempt);
      const verdict = verdictOf(target, response);
      const changed = changedTables(before, await watch.snapshot());
      if (verdict === 'refused') {
        const unexpected = changed.filter((name) => !target.refusalMayWrite?.includes(name));
        expect(unexpected, `${target.name} refused (${response.statusCode}) but changed tables`).toEqual([]);
      } else if (target.method === 'GET') {
        const unexpected = changed.filter((name) => !target.readMayWrite?.includes(name));
        expect(unexpected, `${target.name} is a GET but changed tables`).toEqual([]);
      }
      // A fuzzed Logout may end the admin's session: sign in again for the next run.
      if (verdict === 'success' && target.name === 'main Logout') {
        const again = await signIn(t.app, 'admin');
        staff = { cookie: again.cookie, token: again.token };
      }
      // A fuzzed role change may narrow the admin's own role: the next runs need it whole.
      if (verdict === 'success' && target.name === 'admin UpdateRole') await restoreRoles();
    }),
    { seed: SEED, numRuns: RUNS[target.method] },
  );
}

describe('bad input on every call', () => {
  it('sees a committed write in the table checksums, so an unchanged checksum means nothing was written', async () => {
    const before = await watch.snapshot();
    const logged = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_SERVICE_PREFIX}?Call=KYCLOG`,
      headers: { ...csrf, authorization: `Bearer ${staff.token}` },
      payload: { transactionlog: 'checked', TransactionID: somePaymentId },
    });
    expect(logged.statusCode, logged.body).toBe(200);
    expect(changedTables(before, await watch.snapshot())).toEqual(
      expect.arrayContaining(['audit_log', 'transactions']),
    );
  });

  it('fuzzes every call of the contract and every route of the platform feed', () => {
    const fuzzed = new Set([...contractTargets, ...feedTargets()].map((target) => target.path));
    // Routes under /api that take no params: the bot-check widget's challenge and the health proxies.
    const paramless = /^\/api\/main\/(BotChallenge|status\/)/;
    const apiRoutes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter((path) =>
      path.startsWith('/api/'),
    );
    expect(apiRoutes.length).toBeGreaterThan(10);
    expect(apiRoutes.filter((path) => !fuzzed.has(path) && !paramless.test(path))).toEqual([]);
  });

  it.each(contractTargets.map((target) => [target.name, target] as const))(
    '%s answers hostile params with a clean refusal or a valid answer, and a refusal changes nothing',
    async (_name, target) => fuzz(target),
    60_000,
  );

  it.each(feedTargets().map((target) => [target.name, target] as const))(
    '%s answers hostile input with a clean refusal or a valid answer, and a refusal changes nothing',
    async (_name, target) => fuzz(target),
    60_000,
  );
});
