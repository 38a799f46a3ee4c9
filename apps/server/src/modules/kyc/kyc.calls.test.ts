import { ADMIN_CALLS, KYC_HOLD_MS, kycFeedMessageSchema, MESSAGES, SOCKET_PATHS } from '@bo/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { readEnv } from '../../config/env';
import { openDatabase } from '../../db/database';
import { auditLog, kycSubmissions, merchants } from '../../db/schema';
import { adminPost, createTestStaff, openFeed, signInStaff, within } from '../../test/access-helpers';
import { insertKycDocument, insertKycSubmission, insertMerchant } from '../../test/factories';
import { changedTables, createTableWatch } from '../../test/hostile-input';
import { adminGet, createTestApp, csrf, type TestApp } from '../../test/test-app';

let t: TestApp;
let watch: ReturnType<typeof createTableWatch>;
/** Two officers (KYC Officer role) and staff without kyc-commander. */
let kim = { token: '', cookie: '' };
let ola = { token: '', cookie: '' };
let supportToken = '';
let viewerToken = '';

beforeAll(async () => {
  // Tokens outlive the holds the tests wait out.
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  watch = createTableWatch(t.database.db);
  await createTestStaff(t.database.db, 'ola', 'KYC Officer');
  kim = await signInStaff(t.app, 'kyc');
  ola = await signInStaff(t.app, 'ola');
  supportToken = (await signInStaff(t.app, 'support')).token;
  viewerToken = (await signInStaff(t.app, 'viewer')).token;
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);

/** A merchant with one submission (pending unless told), and its documents. */
async function caseFor(
  title: string,
  options: { status?: 'pending' | 'approved' | 'rejected' | 'more-info'; updated?: string } = {},
) {
  const merchantId = await insertMerchant(t.database.db, title);
  const id = await insertKycSubmission(t.database.db, {
    merchantId,
    status: options.status ?? 'pending',
    submittedOn: at('2026-02-01T08:00:00Z'),
    lastUpdatedOn: at(options.updated ?? '2026-02-02T08:00:00Z'),
    identity: { FirstName: 'Ada', LastName: title, DateOfBirth: '1990-01-02', IdentityDocumentNumber: 'NX1' },
  });
  return { merchantId, id };
}

const queue = async (token: string, query: Record<string, string> = {}) => {
  const response = await adminGet(t.app, token, 'KycQueue', query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.KycQueue.data.parse(response.json().data);
};
const kycCase = async (token: string, id: number) => {
  const response = await adminGet(t.app, token, 'KycCase', { ID: String(id) });
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.KycCase.data.parse(response.json().data);
};
const hold = (token: string, id: number, release = false) =>
  adminPost(t.app, token, 'HoldKycCase', { ID: id, release });
const decide = (token: string, params: object) => adminPost(t.app, token, 'DecideKyc', params);
const merchantKyc = async (merchantId: number) => {
  const [row] = await t.database.db
    .select({ kycStatus: merchants.kycStatus })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row?.kycStatus;
};
const auditOf = (entity: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
/** Runs `act` and answers the tables it changed. */
const tablesChangedBy = async (act: () => Promise<unknown>) => {
  const before = await watch.snapshot();
  await act();
  return changedTables(before, await watch.snapshot());
};

// The moment each test starts; holds are measured from it. The clock only moves forward (see createClock).
let NOW = new Date();
beforeEach(() => {
  NOW = t.clock.now();
});

describe('KycQueue', () => {
  it('lists pending cases oldest first by LastUpdatedOn, and every submission newest first with #all', async () => {
    const newer = await caseFor('Queue Newer', { updated: '2026-02-20T08:00:00Z' });
    const older = await caseFor('Queue Older', { updated: '2026-02-10T08:00:00Z' });
    const decided = await caseFor('Queue Decided', { status: 'approved', updated: '2026-02-25T08:00:00Z' });

    const pending = await queue(kim.token, { keyword: 'Queue' });
    expect(pending.records.map((r) => r.ID)).toEqual([older.id, newer.id]);
    expect(pending.meta).toEqual({ total: 2, offset: 0, limit: 25, page: 1 });
    expect(pending.records[0]).toEqual({
      ID: older.id,
      MerchantID: older.merchantId,
      ShopTitle: 'Queue Older',
      Status: 'pending',
      Level: 1,
      SubmittedOn: '2026-02-01T08:00:00.000Z',
      LastUpdatedOn: '2026-02-10T08:00:00.000Z',
      HeldBy: null,
      HeldUntil: null,
    });

    const all = await queue(kim.token, { scope: 'all', keyword: 'Queue' });
    expect(all.records.map((r) => r.ID)).toEqual([decided.id, newer.id, older.id]);
    const approved = await queue(kim.token, { scope: 'all', status: 'approved', keyword: 'Queue' });
    expect(approved.records.map((r) => r.ID)).toEqual([decided.id]);
  });

  it('finds a case by merchant id or by a part of the shop title, and pages', async () => {
    const one = await caseFor('Keyword Alpha Shop');
    await caseFor('Keyword Beta Shop');
    expect((await queue(kim.token, { keyword: String(one.merchantId) })).records.map((r) => r.ID)).toEqual([
      one.id,
    ]);
    expect((await queue(kim.token, { keyword: 'alpha sh' })).records.map((r) => r.ID)).toEqual([one.id]);
    // A LIKE wildcard is a character like any other.
    expect((await queue(kim.token, { keyword: 'Keyword%Shop' })).records).toEqual([]);
    const second = await queue(kim.token, { keyword: 'Keyword', limit: '1', page: '2' });
    expect(second.records).toHaveLength(1);
    expect(second.meta).toEqual({ total: 2, offset: 1, limit: 1, page: 2 });
    expect((await queue(kim.token, { keyword: '99999999999' })).records).toEqual([]);
  });

  it('refuses an unknown scope with a 400 naming the field', async () => {
    const response = await adminGet(t.app, kim.token, 'KycQueue', { scope: 'mine' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'The scope must be pending or all',
      data: { issues: [{ path: 'scope', message: 'The scope must be pending or all' }] },
    });
  });
});

describe('KycCase and KycDocument', () => {
  it('shows the identity fields, the documents, the merchant, no decision and no hold of a new case', async () => {
    const { id, merchantId } = await caseFor('Case Shop');
    const documentId = await insertKycDocument(t.database.db, {
      submissionId: id,
      fileName: 'passport-a.svg',
    });
    const shown = await kycCase(kim.token, id);
    expect(shown).toMatchObject({
      ID: id,
      Status: 'pending',
      Level: 1,
      Merchant: { ID: merchantId, ShopTitle: 'Case Shop', KYCStatus: 'pending', Country: null },
      Decision: null,
      Hold: null,
      Audit: [],
    });
    expect(shown.Identity).toMatchObject({
      FirstName: 'Ada',
      LastName: 'Case Shop',
      DateOfBirth: '1990-01-02',
    });
    // A field the submission did not carry is null, not missing.
    expect(shown.Identity.City).toBeNull();
    expect(shown.Documents).toEqual([
      {
        ID: documentId,
        Type: 'passport',
        FileName: 'passport-a.svg',
        Mime: 'image/svg+xml',
        UploadedOn: '2026-02-01T08:00:00.000Z',
      },
    ]);
    const missing = await adminGet(t.app, kim.token, 'KycCase', { ID: '999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No KYC case with that id');
  });

  it('serves a document as base64 to kyc-commander only', async () => {
    const { id } = await caseFor('Document Shop');
    const bytes = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><text>Ada</text></svg>');
    const documentId = await insertKycDocument(t.database.db, { submissionId: id, content: bytes });
    const response = await adminGet(t.app, kim.token, 'KycDocument', { ID: String(documentId) });
    expect(response.statusCode, response.body).toBe(200);
    const document = ADMIN_CALLS.KycDocument.data.parse(response.json().data);
    expect(document).toMatchObject({ ID: documentId, FileName: 'passport.svg', Mime: 'image/svg+xml' });
    expect(Buffer.from(document.Base64, 'base64')).toEqual(Buffer.from(bytes));
    for (const token of [supportToken, viewerToken]) {
      const refused = await adminGet(t.app, token, 'KycDocument', { ID: String(documentId) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status_code: 403, message: 'Forbidden', data: null });
    }
    expect((await adminGet(t.app, kim.token, 'KycDocument', { ID: '999999' })).statusCode).toBe(404);
  });
});

describe('HoldKycCase', () => {
  it('lets one officer hold a case for ten minutes and shows the hold to the other, who cannot take it', async () => {
    const { id } = await caseFor('Hold Shop');
    const claimed = await hold(kim.token, id);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const until = new Date(NOW.getTime() + KYC_HOLD_MS).toISOString();
    expect(claimed.json().data).toMatchObject({
      ID: id,
      Hold: { Username: 'kyc', Until: until, IsMine: true },
    });

    // The other officer sees who holds it, in the case, in the queue, and when trying to take it.
    expect((await kycCase(ola.token, id)).Hold).toMatchObject({
      Username: 'kyc',
      Since: NOW.toISOString(),
      Until: until,
      IsMine: false,
    });
    const row = (await queue(ola.token, { keyword: 'Hold Shop' })).records[0];
    expect(row).toMatchObject({ HeldBy: 'kyc', HeldUntil: until });
    const taken = await hold(ola.token, id);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data.Hold).toMatchObject({ Username: 'kyc', IsMine: false });
    // Releasing someone else's hold changes nothing.
    expect((await hold(ola.token, id, true)).json().data.Hold).toMatchObject({ Username: 'kyc' });
  });

  it('refreshes the hold of the same officer, releases it, and lets a lapsed hold be taken', async () => {
    const { id } = await caseFor('Refresh Shop');
    await hold(kim.token, id);
    t.clock.advance(5 * 60_000);
    const refreshed = await hold(kim.token, id);
    expect(refreshed.json().data.Hold.Until).toBe(
      new Date(t.clock.now().getTime() + KYC_HOLD_MS).toISOString(),
    );
    const released = await hold(kim.token, id, true);
    expect(released.json().data).toEqual({ ID: id, Hold: null });
    expect((await kycCase(ola.token, id)).Hold).toBeNull();

    await hold(kim.token, id);
    t.clock.advance(KYC_HOLD_MS + 1);
    expect((await queue(ola.token, { keyword: 'Refresh Shop' })).records[0]?.HeldBy).toBeNull();
    expect((await hold(ola.token, id)).json().data.Hold).toMatchObject({ Username: 'ola', IsMine: true });
  });

  it('refuses to hold a decided case (409) and writes nothing', async () => {
    const { id } = await caseFor('Hold Decided Shop', { status: 'approved' });
    let response = await hold(kim.token, id);
    const changed = await tablesChangedBy(async () => {
      response = await hold(kim.token, id);
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only a pending case can be held; this one is approved');
    expect(changed).toEqual([]);
  });
});

describe('DecideKyc', () => {
  it('approves a case: the case, the merchant and the dashboard box follow, both audited, the feed told', async () => {
    const { id, merchantId } = await caseFor('Approve Shop');
    await hold(kim.token, id);
    const latestBefore = await adminGet(t.app, kim.token, 'LatestKYC');
    expect(latestBefore.json().data.map((r: { ID: number }) => r.ID)).toContain(id);
    const feed = await openFeed(t.app, SOCKET_PATHS.kyc, kim.cookie);
    await within(feed.synced, 5_000, 'the kyc feed to sync');
    const next = new Promise<string>((resolve) =>
      feed.socket.once('message', (data) => resolve(String(data))),
    );

    const response = await decide(kim.token, { ID: id, Decision: 'approve' });
    expect(response.statusCode, response.body).toBe(200);
    const decided = ADMIN_CALLS.DecideKyc.data.parse(response.json().data);
    expect(decided).toMatchObject({
      ID: id,
      Status: 'approved',
      LastUpdatedOn: NOW.toISOString(),
      Merchant: { KYCStatus: 'approved' },
      Decision: { Decision: 'approve', By: 'kyc', On: NOW.toISOString(), Reason: null },
      Hold: null,
    });
    expect(decided.Audit).toMatchObject([
      { Actor: 'kyc', Action: 'kyc.approve', Before: { Status: 'pending' }, After: { Status: 'approved' } },
    ]);
    expect(await merchantKyc(merchantId)).toBe('approved');
    expect((await auditOf('merchant', merchantId))[0]).toMatchObject({
      action: 'merchant.kyc',
      actorUsername: 'kyc',
      before: { KYCStatus: 'pending' },
      after: { KYCStatus: 'approved', KycSubmissionID: id, Decision: 'approve' },
    });
    const latest = await adminGet(t.app, kim.token, 'LatestKYC');
    expect(latest.json().data.map((r: { ID: number }) => r.ID)).not.toContain(id);
    expect((await queue(kim.token, { keyword: 'Approve Shop' })).records).toEqual([]);

    const event = kycFeedMessageSchema.parse(JSON.parse(await within(next, 5_000, 'the kyc event')));
    expect(event).toMatchObject({
      type: 'kyc',
      kind: 'decided',
      ID: id,
      MerchantID: merchantId,
      Status: 'approved',
      HeldBy: null,
    });
    feed.socket.terminate();
  });

  it('rejects and asks for more information with the reason, reflected on the merchant', async () => {
    const rejected = await caseFor('Reject Shop');
    const response = await decide(ola.token, {
      ID: rejected.id,
      Decision: 'reject',
      Reason: ' Blurred scan ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.Decision).toMatchObject({
      Decision: 'reject',
      By: 'ola',
      Reason: 'Blurred scan',
    });
    expect(await merchantKyc(rejected.merchantId)).toBe('rejected');

    const more = await caseFor('More Info Shop');
    const asked = await decide(ola.token, {
      ID: more.id,
      Decision: 'more-info',
      Reason: 'Send a newer bill',
    });
    expect(asked.json().data).toMatchObject({ Status: 'more-info', Merchant: { KYCStatus: 'more-info' } });
    expect(await merchantKyc(more.merchantId)).toBe('more-info');
  });

  it('leaves the merchant at its latest submission’s state when an older one is decided', async () => {
    const merchantId = await insertMerchant(t.database.db, 'Two Submissions Shop');
    const older = await insertKycSubmission(t.database.db, {
      merchantId,
      submittedOn: at('2026-01-01T08:00:00Z'),
    });
    await insertKycSubmission(t.database.db, { merchantId, submittedOn: at('2026-02-01T08:00:00Z') });
    const response = await decide(kim.token, { ID: older, Decision: 'reject', Reason: 'Superseded' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await merchantKyc(merchantId)).toBe('pending');
    expect((await auditOf('merchant', merchantId))[0]).toMatchObject({
      before: { KYCStatus: 'pending' },
      after: { KYCStatus: 'pending', KycSubmissionID: older },
    });
  });

  it('refuses a case another officer holds with 409 naming them, and writes nothing', async () => {
    const { id } = await caseFor('Held Elsewhere Shop');
    await hold(kim.token, id);
    let response = await decide(ola.token, { ID: id, Decision: 'approve' });
    const changed = await tablesChangedBy(async () => {
      response = await decide(ola.token, { ID: id, Decision: 'approve' });
    });
    expect(response.statusCode).toBe(409);
    const until = new Date(NOW.getTime() + KYC_HOLD_MS).toISOString();
    expect(response.json()).toMatchObject({
      message: `kyc holds this case until ${until}`,
      data: { Hold: { Username: 'kyc', Until: until } },
    });
    expect(changed).toEqual([]);
  });

  it('refuses a case that is not pending with 409, and writes nothing', async () => {
    const { id, merchantId } = await caseFor('Already Decided Shop', { status: 'rejected' });
    let response = await decide(kim.token, { ID: id, Decision: 'approve' });
    const changed = await tablesChangedBy(async () => {
      response = await decide(kim.token, { ID: id, Decision: 'approve' });
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only a pending case can be decided; this one is rejected');
    expect(changed).toEqual([]);
    expect(await merchantKyc(merchantId)).toBe('rejected');
  });

  it('refuses a rejection without a reason with a 400 naming Reason, and writes nothing', async () => {
    const { id } = await caseFor('No Reason Shop');
    let response = await decide(kim.token, { ID: id, Decision: 'reject' });
    const changed = await tablesChangedBy(async () => {
      response = await decide(kim.token, { ID: id, Decision: 'reject', Reason: '   ' });
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status_code: 400,
      message: 'A reason is required to reject',
      data: { issues: [{ path: 'Reason', message: 'A reason is required to reject' }] },
    });
    expect(changed).toEqual([]);
    const [row] = await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
    expect(row?.status).toBe('pending');
    expect((await decide(kim.token, { ID: 999_999, Decision: 'approve' })).statusCode).toBe(404);
  });
});

describe('two officers at once', () => {
  it('lets one of two simultaneous decisions on a case through and refuses the other with 409', async () => {
    const { id, merchantId } = await caseFor('Race Shop');
    const answers = await Promise.all([
      decide(kim.token, { ID: id, Decision: 'approve' }),
      decide(ola.token, { ID: id, Decision: 'reject', Reason: 'Mismatch' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)?.json().data.Status;
    expect(await merchantKyc(merchantId)).toBe(winner);
    expect(await auditOf('kyc_submission', id)).toHaveLength(1);
  });

  // Two instances need a database both reach: PostgreSQL only (TEST_DATABASE_URL).
  it.runIf(Boolean(readEnv().TEST_DATABASE_URL))(
    'tells the kyc feed of another instance about a hold and a decision',
    async () => {
      const url = t.database.url;
      if (!url) throw new Error('no database url');
      const secondDatabase = await openDatabase({ url, dataDir: '' });
      const second = await buildApp({
        config: t.config,
        database: secondDatabase,
        now: t.clock.now,
        logger: false,
      });
      await second.ready();
      try {
        const { id } = await caseFor('Two Instances Shop');
        const feed = await openFeed(second, SOCKET_PATHS.kyc, ola.cookie);
        await within(feed.synced, 5_000, 'the other instance’s kyc feed to sync');
        const events: unknown[] = [];
        const two = new Promise<void>((resolve) =>
          feed.socket.on('message', (data) => {
            events.push(JSON.parse(String(data)));
            if (events.length === 2) resolve();
          }),
        );
        await hold(kim.token, id);
        await decide(kim.token, { ID: id, Decision: 'approve' });
        await within(two, 5_000, 'two kyc events on the other instance');
        expect(events).toMatchObject([
          { type: 'kyc', kind: 'held', ID: id, Status: 'pending', HeldBy: 'kyc' },
          { type: 'kyc', kind: 'decided', ID: id, Status: 'approved', HeldBy: null },
        ]);
        feed.socket.terminate();
      } finally {
        await second.close();
        await secondDatabase.close();
      }
    },
  );
});

describe('access', () => {
  it.each([
    ['KycQueue', 'GET', {}],
    ['KycCase', 'GET', { ID: '1' }],
    ['KycDocument', 'GET', { ID: '1' }],
    ['HoldKycCase', 'POST', { ID: 1 }],
    ['DecideKyc', 'POST', { ID: 1, Decision: 'approve' }],
  ] as const)(
    'refuses %s without kyc-commander (403) and without a token (401)',
    async (call, method, params) => {
      for (const token of [supportToken, viewerToken]) {
        const response =
          method === 'GET'
            ? await adminGet(t.app, token, call, params as Record<string, string>)
            : await adminPost(t.app, token, call, params);
        expect(response.statusCode, `${call}`).toBe(403);
        expect(response.json()).toEqual({ status_code: 403, message: 'Forbidden', data: null });
      }
      const anonymous = await t.app.inject({
        method,
        url: `/api/admin?Call=${call}${method === 'GET' ? `&${new URLSearchParams(params as Record<string, string>)}` : ''}`,
        headers: csrf,
        ...(method === 'POST' ? { payload: params } : {}),
      });
      expect(anonymous.json()).toEqual({ status_code: 401, message: MESSAGES.unauthorized, data: null });
    },
  );
});
