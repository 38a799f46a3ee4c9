import {
  ADMIN_CALLS,
  ADMIN_CONFIG_DEFAULTS,
  ADMIN_SERVICE_PREFIX,
  type AdminCallName,
  BOT_CHALLENGE_PATH,
  type CallAccess,
  type CallDef,
  CSRF_HEADER,
  EXPORT_PATH,
  FILE_MESSAGES,
  formatTransactionRef,
  IMAGE_FILE_MESSAGE,
  MAIN_CALLS,
  MAIN_SERVICE_PREFIX,
  type MainCallName,
  MESSAGES,
  type ParamsOf,
  type PermissionSlug,
  SERVICE_STATUS_ENDPOINTS,
  SERVICE_STATUS_TEXTS,
  type Session,
  SOCKET_PATHS,
  type SocketName,
  sessionSchema,
  TRADING_CONFIG_DEFAULTS,
} from '@bo/contract';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configVersions,
  evmDepositAddresses,
  feeOverrides,
  goamlReports,
  jobRuns,
  jobs,
  licensePolicies,
  licenses,
  marketingCampaigns,
  marketingSegments,
  merchantCardAccounts,
  merchants,
  newsPosts,
  payoutHolds,
  savedReports,
  savedReportVersions,
  staff,
  transactionSchedules,
  transactionTasks,
  transactionViews,
  vtokens,
} from '../db/schema';
import { seedDemoData } from '../db/seed/demo-data.seed';
import { DEMO_XRP_POOL_ACCOUNT } from '../db/seed/pools.seed';
import { ADMIN_EXPORTS } from '../modules/admin/admin.handlers';
import { totpCode } from '../modules/auth/totp';
import { PAYOUT_MESSAGES } from '../modules/payouts/payouts.service';
import { insertRole, roleIdByName } from '../modules/roles/roles.repository';
import { BUILT_IN_ROLES, DEMO_STAFF } from '../modules/staff/staff.service';
import { createTestStaff, openFeed, WS_HOST, WS_ORIGIN, within } from '../test/access-helpers';
import {
  insertEvmDeposit,
  insertFailure,
  insertKycDocument,
  insertKycSubmission,
  insertMerchant,
  insertPayout,
  insertTransaction,
  insertXrpPayment,
} from '../test/factories';
import { insertStoredFile } from '../test/stored-files';
import {
  createTestApp,
  login,
  sessionCookie,
  solveBotCheck,
  TEST_PASSWORD,
  TEST_TOTP_SECRET,
  type TestApp,
} from '../test/test-app';

/**
 * The permission matrix (issue #5): every call of the contract (ADMIN_CALLS, MAIN_CALLS), the CSV export of
 * every exportable list, every live feed and the status endpoints, made by each demo role and by a caller
 * with no session and no token, with valid params. What each caller gets follows from the call's `access`
 * alone: allowed callers are answered (never 401 or 403), the others get exactly the refusal envelope and
 * nothing else.
 */

type Role = (typeof DEMO_STAFF)[number]['username'];
type Caller = Role | 'nobody';
const CALLERS: readonly Caller[] = [...DEMO_STAFF.map((s) => s.username), 'nobody'];

/** The slugs each demo account holds, from the built-in role definitions (not from the server's answers). */
const slugsOf = (caller: Caller): readonly PermissionSlug[] => {
  if (caller === 'nobody') return [];
  const account = DEMO_STAFF.find((s) => s.username === caller);
  const role = BUILT_IN_ROLES.find((r) => r.name === account?.role);
  if (!role) throw new Error(`no role for ${caller}`);
  return role.slugs;
};

/** The feeds' slugs as ADR 0007 states them; the contract names the feeds, the server guards them. */
const SOCKET_SLUGS: Record<SocketName, PermissionSlug> = {
  notifications: 'view-transactions',
  transactions: 'view-transactions',
  chat: 'chatter-role',
  kyc: 'kyc-commander',
  payouts: 'admin-commander',
};

interface SignedIn {
  cookie: string;
  token: string;
  session: Session;
}

interface Fixture {
  merchantId: number;
  paymentId: number;
  paymentRef: string;
  payoutId: number;
  failureId: number;
  targetStaffId: number;
  viewerRoleId: number;
  kycCaseId: number;
  kycDocumentId: number;
  matrixRoleId: number;
  vtokenId: number;
  payoutRequestId: number;
  goamlReportId: number;
}

/** A goAML report of the fixture's payment that validates against the built-in XSD. */
const goamlInput = (fx: Fixture) => ({
  ReportCode: 'STR' as const,
  MerchantID: fx.merchantId,
  TransactionRefs: [fx.paymentRef],
  RentityID: '1042',
  ReportingFirstName: 'Mat',
  ReportingLastName: 'Rix',
  ReportingEmail: 'matrix@ledgerline.example',
  LocationAddress: '1 Ledger Street',
  LocationCity: 'Vienna',
  LocationCountry: 'AT',
  Reason: 'Permission matrix check',
  Action: 'None',
  Indicators: ['VA-MIXER'],
});

interface Ctx {
  caller: Caller;
  me: SignedIn | undefined;
  fx: Fixture;
}

interface Sample<P> {
  /** Params valid for the call; safe to send as every caller, one after another. */
  params: (ctx: Ctx) => P | Promise<P>;
  /** The answer an allowed caller gets when it is not 200: the call's own rules for these params. */
  answer?: (ctx: Ctx) => { status: number; message: string };
  /** Further checks of an allowed caller's 200 data. */
  check?: (data: unknown, ctx: Ctx) => void;
}

const RANGE = { start: '2020-01-01', end: '2030-12-31' };

/** A vToken sale: the database makes its vToken (migration 0017); answers the vToken's id. */
async function newVToken(merchantId: number): Promise<number> {
  const sale = await insertTransaction(t.database.db, {
    merchantId,
    altCoinId: 1,
    status: 'vtoken-active',
    amount: '0.00100000',
  });
  const [row] = await t.database.db
    .select({ id: vtokens.id })
    .from(vtokens)
    .where(eq(vtokens.transactionRowId, sale.id));
  if (!row) throw new Error('no vToken made');
  return row.id;
}

/**
 * A fresh draft campaign (with a segment of every merchant when asked), or news post, made by the first staff
 * account: each allowed caller gets one of its own to send, cancel or publish.
 */
async function newCampaign(withSegment: boolean): Promise<number> {
  const db = t.database.db;
  const [author] = await db.select({ id: staff.id }).from(staff).limit(1);
  const now = new Date();
  const segmentId = withSegment ? await newSegment() : null;
  const [row] = await db
    .insert(marketingCampaigns)
    .values({
      subject: 'Matrix',
      bodyHtml: '<p>Permission matrix</p>',
      segmentId,
      createdByStaffId: author?.id ?? 1,
      createdOn: now,
      updatedOn: now,
    })
    .returning({ id: marketingCampaigns.id });
  return row?.id ?? 0;
}

/** A fresh segment of every merchant, so each allowed caller has one to send to or delete. */
async function newSegment(): Promise<number> {
  const db = t.database.db;
  const [author] = await db.select({ id: staff.id }).from(staff).limit(1);
  const now = new Date();
  const [segment] = await db
    .insert(marketingSegments)
    .values({
      name: `Matrix ${Math.random()}`,
      definition: {},
      createdByStaffId: author?.id ?? 1,
      createdOn: now,
      updatedOn: now,
    })
    .returning({ id: marketingSegments.id });
  return segment?.id ?? 0;
}

/** A fresh goAML draft of the fixture's merchant, so each allowed caller has one to delete. */
async function newGoamlDraft(fx: Fixture): Promise<number> {
  const [author] = await t.database.db.select({ id: staff.id }).from(staff).limit(1);
  const [draft] = await t.database.db
    .insert(goamlReports)
    .values({
      reportCode: 'STR',
      status: 'draft',
      merchantId: fx.merchantId,
      input: goamlInput(fx),
      transactionCount: 0,
      createdByStaffId: author?.id ?? 1,
      createdOn: t.clock.now(),
      updatedOn: t.clock.now(),
    })
    .returning({ id: goamlReports.id });
  return draft?.id ?? 0;
}

async function newNewsPost(): Promise<number> {
  const db = t.database.db;
  const [author] = await db.select({ id: staff.id }).from(staff).limit(1);
  const now = new Date();
  const [row] = await db
    .insert(newsPosts)
    .values({
      title: 'Matrix',
      bodyHtml: '<p>x</p>',
      createdByStaffId: author?.id ?? 1,
      createdOn: now,
      updatedOn: now,
    })
    .returning({ id: newsPosts.id });
  return row?.id ?? 0;
}

/** A card account (not applied) of a fresh merchant; answers the merchant's id. */
async function newCardAccount(): Promise<number> {
  const db = t.database.db;
  const [author] = await db.select({ id: staff.id }).from(staff).limit(1);
  const merchantId = await insertMerchant(db);
  await db.insert(merchantCardAccounts).values({
    merchantId,
    version: 1,
    status: 'not applied',
    mcc: '5814',
    descriptor: 'MATRIX SHOP',
    threeDs: 'always',
    brands: ['Visa'],
    currencies: ['EUR'],
    minTxEur: '1',
    maxTxEur: '100',
    dailyCapEur: '1000',
    monthlyCapEur: '10000',
    rollingReservePct: '5',
    reserveHoldDays: 90,
    updatedByStaffId: author?.id ?? 1,
    updatedAt: new Date(),
  });
  return merchantId;
}

/** An active payout hold of a fresh merchant, so each allowed caller releases one of its own. */
async function newPayoutHold(): Promise<number> {
  const db = t.database.db;
  const [author] = await db.select({ id: staff.id }).from(staff).limit(1);
  const from = t.clock.now();
  const [row] = await db
    .insert(payoutHolds)
    .values({
      merchantId: await insertMerchant(db),
      reason: 'Permission matrix hold',
      heldFrom: from,
      heldUntil: new Date(from.getTime() + 48 * 3_600_000),
      createdByStaffId: author?.id ?? 1,
    })
    .returning({ id: payoutHolds.id });
  return row?.id ?? 0;
}

/** A licence of a fresh merchant in the given state, so each allowed caller acts on one of its own. */
async function newLicense(status: 'active' | 'suspended' = 'active'): Promise<number> {
  const db = t.database.db;
  const [issuer] = await db.select({ id: staff.id }).from(staff).limit(1);
  const [policy] = await db.select().from(licensePolicies).limit(1);
  const [row] = await db
    .insert(licenses)
    .values({
      keyHash: `matrix-${Math.random()}`,
      keyPrefix: 'LL-MTRX',
      keyLast4: 'MTRX',
      merchantId: await insertMerchant(db),
      productId: policy?.productId ?? 1,
      policyId: policy?.id ?? 1,
      maxActivations: 1,
      expiresOn: '2099-12-31',
      status,
      issuedByStaffId: issuer?.id ?? 1,
      issuedOn: new Date(),
      updatedOn: new Date(),
    })
    .returning({ id: licenses.id });
  return row?.id ?? 0;
}

/** An active fee rule of a fresh merchant, so each allowed caller ends a rule of its own. */
async function newFeeRule(): Promise<number> {
  const db = t.database.db;
  const [author] = await db.select({ id: staff.id }).from(staff).limit(1);
  const [row] = await db
    .insert(feeOverrides)
    .values({
      merchantId: await insertMerchant(db),
      flow: 'incoming',
      feePercent: '0.5',
      feeCurrencyId: 625,
      paidBy: 'merchant',
      validFrom: '2026-01-01',
      createdByStaffId: author?.id ?? 1,
      createdOn: new Date(),
    })
    .returning({ id: feeOverrides.id });
  return row?.id ?? 0;
}

/** A payout schedule of a fresh merchant (no balance, so a run is a skipped task), in the status asked for. */
async function newTransactionSchedule(status: 'active' | 'paused' = 'active'): Promise<number> {
  const db = t.database.db;
  const [author] = await db.select({ id: staff.id }).from(staff).limit(1);
  const [row] = await db
    .insert(transactionSchedules)
    .values({
      merchantId: await insertMerchant(db),
      kind: 'payout',
      altCoinId: 1,
      frequency: 'daily',
      timeOfDay: '09:00',
      cron: '0 9 * * *',
      timezone: 'UTC',
      threshold: '0.01',
      startsOn: '2026-01-01',
      status,
      createdByStaffId: author?.id ?? 1,
      createdOn: new Date(),
      updatedByStaffId: author?.id ?? 1,
      updatedOn: new Date(),
    })
    .returning({ id: transactionSchedules.id });
  return row?.id ?? 0;
}

let taskCount = 0;
/** A skipped task of a fresh schedule, so each allowed caller retries one of its own. */
async function newTransactionTask(): Promise<number> {
  const db = t.database.db;
  const scheduleId = await newTransactionSchedule();
  const [schedule] = await db
    .select()
    .from(transactionSchedules)
    .where(eq(transactionSchedules.id, scheduleId));
  const [row] = await db
    .insert(transactionTasks)
    .values({
      scheduleId,
      scheduleVersion: 1,
      merchantId: schedule?.merchantId ?? 1,
      kind: 'payout',
      trigger: 'schedule',
      startedAt: new Date(),
      finishedAt: new Date(),
      status: 'skipped',
      altCoinId: 1,
      actor: 'transaction-scheduler',
      decision: 'Skipped: balance 0.00000000 BTC below threshold 0.01000000 BTC',
      idempotencyKey: `matrix:${++taskCount}`,
    })
    .returning({ id: transactionTasks.id });
  return row?.id ?? 0;
}

let viewCount = 0;
/** A saved view of the caller (of admin for a caller with no session), so each allowed caller may change it. */
async function newView(me: SignedIn | undefined): Promise<number> {
  const [admin] = await t.database.db.select({ id: staff.id }).from(staff).where(eq(staff.username, 'admin'));
  viewCount += 1;
  const [row] = await t.database.db
    .insert(transactionViews)
    .values({ name: `matrix-view-${viewCount}`, filters: {}, authorId: me?.session.ID ?? admin?.id ?? 1 })
    .returning({ id: transactionViews.id });
  if (!row) throw new Error('no view made');
  return row.id;
}

const ADMIN_SAMPLES: { [K in AdminCallName]?: Sample<ParamsOf<(typeof ADMIN_CALLS)[K]>> } = {
  GenerateJWTToken: {
    params: ({ me }) => ({ MerchantID: me?.session.ID ?? 1, APIKey: me?.session.APIKey ?? 'none' }),
    // The token carries the caller's own permissions: exactly those of its role.
    check: (data, { caller }) =>
      expect(
        ADMIN_CALLS.GenerateJWTToken.data
          .parse(data)
          .Permissions.map((p) => p.Slug)
          .sort(),
      ).toEqual([...slugsOf(caller)].sort()),
  },
  ListAltCoins: { params: () => ({}) },
  ListPermissions: { params: () => ({}) },
  ListRoles: { params: () => ({}) },
  Last24HData: { params: () => ({}) },
  LatestKYC: { params: () => ({}) },
  RecentRegistrations: { params: () => ({}) },
  TotalRegistrations24H: { params: () => ({}) },
  ListTransactions: { params: () => ({ ...RANGE }) },
  SyncTransactions: { params: () => ({ ...RANGE }) },
  CountTransactions: { params: () => ({ ...RANGE }) },
  MerchantsListDash: { params: () => ({ startDate: RANGE.start, endDate: RANGE.end }) },
  TransactionDetail: { params: ({ fx }) => ({ ID: fx.paymentRef }) },
  // Waiting to waiting: the payment stays as it was for the next caller.
  TransactionStatusUpdate: {
    params: ({ fx }) => ({
      TransactionID: fx.paymentRef,
      targetMerchant: fx.merchantId,
      statusID: 0,
      notenough: 0,
    }),
  },
  PaymentProvider: { params: ({ fx }) => ({ ID: fx.paymentId, Payout: 0, ProviderID: 'Stripe' }) },
  TransactionAudit: { params: ({ fx }) => ({ ID: fx.paymentRef }) },
  KYCLOG: { params: ({ fx }) => ({ payoutlog: 'Permission matrix check', PayoutID: fx.payoutId }) },
  TransactionFailure: { params: () => ({ page: 1 }) },
  UpdateTable: {
    params: ({ fx }) => ({ table: 'Transaction_Failure', ID: fx.failureId, field: 'Sticky', value: 0 }),
  },
  SlaveStatus: { params: () => ({}) },
  SidebarLinks: { params: () => ({}) },
  BalanceSheet: { params: () => ({ online: 'online', buy: 'both' }) },
  XChangeOfflinePool: { params: () => ({ coin: 1 }) },
  ListStaff: { params: () => ({}) },
  // The target already is a Viewer: the call is answered and changes nothing.
  UpdateStaff: { params: ({ fx }) => ({ ID: fx.targetStaffId, RoleID: fx.viewerRoleId }) },
  StaffSessions: { params: () => ({}) },
  // A fresh session of the target account for each caller, so each one has a live session to end.
  EndStaffSession: {
    params: async () => ({
      SessionID: sessionSchema.parse((await login(t.app, 'matrix-target')).json().data).SessionID,
    }),
  },
  KycQueue: { params: () => ({ scope: 'all' }) },
  KycCase: { params: ({ fx }) => ({ ID: fx.kycCaseId }) },
  KycDocument: { params: ({ fx }) => ({ ID: fx.kycDocumentId }) },
  // The first allowed caller takes the case; each later one is answered who holds it.
  HoldKycCase: {
    params: ({ fx }) => ({ ID: fx.kycCaseId }),
    check: (data) => expect(ADMIN_CALLS.HoldKycCase.data.parse(data).Hold).not.toBeNull(),
  },
  // A fresh pending case for each caller, so each allowed one has a case to decide.
  DecideKyc: {
    params: async ({ fx }) => ({
      ID: await insertKycSubmission(t.database.db, { merchantId: fx.merchantId }),
      Decision: 'approve',
    }),
  },
  ListMerchants: { params: () => ({}) },
  UserDetail: { params: ({ fx }) => ({ ID: fx.merchantId }) },
  RevealMerchantApiKey: { params: ({ fx }) => ({ ID: fx.merchantId }) },
  // The title it already has, at the version it is at: answered, and nothing changes for the next caller.
  UpdateMerchant: {
    params: async ({ fx }) => {
      const [row] = await t.database.db
        .select({ version: merchants.version, shopTitle: merchants.shopTitle })
        .from(merchants)
        .where(eq(merchants.id, fx.merchantId));
      return { ID: fx.merchantId, ExpectedVersion: row?.version ?? 1, ShopTitle: row?.shopTitle ?? '' };
    },
  },
  MerchantHistory: { params: ({ fx }) => ({ ID: fx.merchantId }) },
  MerchantPayouts: { params: ({ fx }) => ({ ID: fx.merchantId }) },
  CreateRole: { params: ({ caller }) => ({ Name: `Matrix ${caller}`, Slugs: ['view-roles'] }) },
  // The description it already has: answered, and nothing changes for the next caller.
  UpdateRole: { params: ({ fx }) => ({ ID: fx.matrixRoleId, Description: 'Permission matrix role' }) },
  // A fresh role nobody holds for each caller, so each allowed one has a role to delete.
  DeleteRole: {
    params: async ({ caller }) => ({
      ID: await insertRole(t.database.db, { name: `Doomed ${caller}`, description: '' }),
    }),
  },
  ListVTokens: { params: () => ({}) },
  VTokenDetail: { params: ({ fx }) => ({ ID: fx.vtokenId }) },
  // A fresh active vToken for each caller, so each allowed one has a vToken to cancel.
  CancelVToken: {
    params: async ({ fx }) => ({ ID: await newVToken(fx.merchantId), Reason: 'Permission matrix check' }),
  },
  XChangeSearch: { params: () => ({ q: 'xc1' }) },
  ListFiles: { params: () => ({ Store: 'market' }) },
  // The matrix sends JSON; an allowed caller is past the permission check and gets the upload's own
  // refusal of a body without a file (files.calls.test sends real multipart bodies, refused ones too).
  UploadFile: {
    params: () => ({ Store: 'market' }),
    answer: () => ({ status: 400, message: FILE_MESSAGES.missing }),
  },
  // A fresh file for each caller, so each allowed one has a file to delete.
  DeleteFile: { params: async () => ({ Store: 'market', ID: await insertStoredFile(t.database.db) }) },
  ListGoamlReports: { params: () => ({}) },
  GoamlReportDetail: { params: ({ fx }) => ({ ID: fx.goamlReportId }) },
  GoamlSettings: { params: () => ({}) },
  GoamlCandidates: { params: ({ fx }) => ({ merchantId: fx.merchantId }) },
  // A report that validates: each allowed caller validates, saves a draft of and generates its own.
  ValidateGoamlReport: { params: ({ fx }) => goamlInput(fx) },
  SaveGoamlDraft: { params: ({ fx }) => goamlInput(fx) },
  GenerateGoamlReport: { params: ({ fx }) => goamlInput(fx) },
  // A fresh draft for each caller, so each allowed one has a draft to delete.
  DeleteGoamlDraft: { params: async ({ fx }) => ({ ID: await newGoamlDraft(fx) }) },
  AnalyticsSummary: { params: () => ({}) },
  AnalyticsBreakdown: { params: () => ({ groupBy: 'merchant' }) },
  AnalyticsSeries: { params: () => ({ granularity: 'week' }) },
  // Today's roll-ups recomputed: the same figures for every allowed caller.
  RebuildAnalytics: {
    params: () => {
      const today = new Date().toISOString().slice(0, 10);
      return { from: today, to: today };
    },
  },
  XrpPool: { params: () => ({ view: 'all' }) },
  // A fresh unmatched payment and waiting XRP transaction for each caller, so each allowed one assigns.
  AssignXrpPayment: {
    params: async ({ fx }) => {
      const payment = await insertXrpPayment(t.database.db);
      const waiting = await insertTransaction(t.database.db, {
        merchantId: fx.merchantId,
        altCoinId: 6,
        status: 'waiting',
        amount: '5.00000000',
      });
      return { ID: payment, Transaction: formatTransactionRef('T', waiting.transactionId) };
    },
  },
  // The pooled account is never swept: the call's own refusal, the same for every allowed caller.
  SweepXrpAccount: {
    params: () => ({ Address: DEMO_XRP_POOL_ACCOUNT }),
    answer: () => ({
      status: 409,
      message: `${DEMO_XRP_POOL_ACCOUNT} is the pool account; only deposit accounts are swept`,
    }),
  },
  EtherPool: { params: () => ({ view: 'all' }) },
  // An address the pool knows but the chain holds nothing on: answered by the sweep rule, nothing sent.
  SweepEtherAddress: {
    params: async () => ({ ID: await insertEvmDeposit(t.database.db) }),
    answer: () => ({ status: 409, message: 'The address holds no ETH' }),
  },
  TopUpEtherGas: {
    params: async () => ({ ID: await insertEvmDeposit(t.database.db) }),
    answer: () => ({ status: 409, message: 'An ETH address pays its own gas; it needs no top-up' }),
  },
  MarkEtherDust: { params: async () => ({ ID: await insertEvmDeposit(t.database.db) }) },
  // Nothing left to sweep (the seeded addresses set aside), so no caller depends on the gas price of the moment.
  SweepAllEther: {
    params: async () => {
      await t.database.db.update(evmDepositAddresses).set({ state: 'accumulated' });
      return {};
    },
    answer: () => ({ status: 409, message: 'Every deposit address at or above its minimum is swept' }),
  },
  CoinHealth: { params: () => ({}) },
  CoinHealthDetail: { params: () => ({ ID: 1, window: '7d' }) },
  // The same thresholds each time: the first allowed caller sets them, the later ones change nothing.
  UpdateCoinHealthThresholds: {
    params: () => ({
      ID: 2,
      MaxLagBlocks: 12,
      Confirmations: 6,
      MaxBlockAgeMinutes: 15,
      HotWalletMin: '60',
      HotWalletMax: '2300',
    }),
  },
  AltCoinStats: { params: () => ({ period: '30d' }) },
  AltCoinDaily: { params: () => ({ ID: 1 }) },
  ListPayoutSchemas: { params: () => ({}) },
  PayoutSchemaDetail: { params: ({ fx }) => ({ ID: fx.merchantId }) },
  // What the record already holds, at its version: answered, and nothing changes for the next caller.
  UpdatePayoutSchema: {
    params: async ({ fx }) => {
      const [row] = await t.database.db
        .select({
          version: merchants.version,
          schema: merchants.payoutSchema,
          disablePayout: merchants.disablePayout,
          details: merchants.details,
        })
        .from(merchants)
        .where(eq(merchants.id, fx.merchantId));
      const payoutTo = (row?.details as { PayoutTo?: string | null } | undefined)?.PayoutTo ?? null;
      return {
        ID: fx.merchantId,
        ExpectedVersion: row?.version ?? 1,
        PayoutSchema: (row?.schema ?? 'wallet') as 'wallet',
        PayoutTo: payoutTo,
        DisablePayout: row?.disablePayout ?? false,
      };
    },
  },
  ListPayouts: { params: () => ({ state: 'awaiting-approval' }) },
  PayoutSummary: { params: () => ({}) },
  PayoutDetail: { params: ({ fx }) => ({ ID: fx.payoutRequestId }) },
  // Under the four-eyes amount, to a destination typed: approved on request.
  RequestPayout: {
    params: async () => ({
      MerchantID: await insertMerchant(t.database.db),
      AltCoinID: 1,
      Amount: '0.00100000',
      Destination: 'bc1qpermissionmatrixdestination',
    }),
  },
  // A fresh platform request for each caller. admin has no authenticator: the step-up refuses him (403);
  // secure approves with the code of the next time step (its sign-in took the current one).
  ApprovePayout: {
    params: async ({ fx, caller }) => ({
      ID: await insertPayout(t.database.db, { merchantId: fx.merchantId }),
      Code: await nextCode(caller),
    }),
    answer: ({ caller }) => stepUpAnswer(caller),
  },
  BulkApprovePayouts: {
    params: async ({ fx, caller }) => ({
      IDs: [await insertPayout(t.database.db, { merchantId: fx.merchantId })],
      Code: await nextCode(caller),
    }),
    answer: ({ caller }) => stepUpAnswer(caller),
  },
  SendPayout: {
    params: async ({ fx }) => ({
      ID: await insertPayout(t.database.db, { merchantId: fx.merchantId, state: 'approved' }),
    }),
  },
  CancelPayout: {
    params: async ({ fx }) => ({
      ID: await insertPayout(t.database.db, { merchantId: fx.merchantId }),
      Reason: 'Permission matrix check',
    }),
  },
  BulkCancelPayouts: {
    params: async ({ fx }) => ({
      IDs: [await insertPayout(t.database.db, { merchantId: fx.merchantId })],
      Reason: 'Permission matrix check',
    }),
  },
  ListSegments: { params: () => ({}) },
  CountAudience: { params: () => ({ Country: 'DE' }) },
  SaveSegment: { params: ({ caller }) => ({ Name: `Matrix ${caller}`, LifetimeMember: 'yes' }) },
  DeleteSegment: { params: async () => ({ ID: await newSegment() }) },
  ListCampaigns: { params: () => ({}) },
  CampaignDetail: { params: async () => ({ ID: await newCampaign(false) }) },
  SaveCampaign: { params: () => ({ Subject: 'Matrix', BodyHtml: '<p>Permission matrix</p>' }) },
  TestSendCampaign: { params: async () => ({ ID: await newCampaign(false), To: 'matrix@ops.test' }) },
  SendCampaign: { params: async () => ({ ID: await newCampaign(true) }) },
  CancelCampaign: { params: async () => ({ ID: await newCampaign(false) }) },
  DeleteCampaign: { params: async () => ({ ID: await newCampaign(false) }) },
  ListCampaignRecipients: { params: async () => ({ ID: await newCampaign(false) }) },
  ListNews: { params: () => ({ status: 'published' }) },
  SaveNews: {
    params: () => ({ Title: 'Matrix', BodyHtml: '<p>x</p>', YoutubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
  },
  SetNewsPublished: { params: async () => ({ ID: await newNewsPost(), Published: true }) },
  DeleteNews: { params: async () => ({ ID: await newNewsPost() }) },
  ListAllTransactions: { params: () => ({}) },
  ListFeeRules: { params: () => ({ flow: 'incoming' }) },
  ListFeeProviders: { params: () => ({}) },
  // A fresh merchant per call: a second allowed caller's rule would overlap the first's.
  SaveFeeRule: {
    params: async () => ({
      MerchantID: await insertMerchant(t.database.db),
      Flow: 'incoming' as const,
      FeePercent: '0.5',
      PaidBy: 'merchant' as const,
      ValidFrom: '2026-01-01',
    }),
  },
  EndFeeRule: { params: async () => ({ ID: await newFeeRule(), Reason: 'Permission matrix check' }) },
  EffectiveFee: {
    params: ({ fx }) => ({
      MerchantID: fx.merchantId,
      Flow: 'incoming' as const,
      AltCoinID: 1,
      Amount: '10',
    }),
  },
  GetMerchantBankConfig: { params: ({ fx }) => ({ ID: fx.merchantId }) },
  // A fresh merchant per allowed caller, confirmed by password (admin) or the next code (secure).
  SaveMerchantBankAccount: {
    params: async ({ caller }) => ({
      MerchantID: await insertMerchant(t.database.db),
      PayoutCurrency: 'EUR' as const,
      Rail: 'SEPA' as const,
      AccountHolder: 'Permission Matrix BV',
      IBAN: 'NL91ABNA0417164300',
      BIC: 'ABNANL2A',
      ConfirmOwnership: true,
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  ReleasePayoutHold: {
    params: async ({ caller }) => ({
      ID: await newPayoutHold(),
      Reason: 'Permission matrix check',
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  ListMerchantCardAccounts: { params: () => ({ status: 'active' }) },
  GetMerchantCardConfig: { params: ({ fx }) => ({ ID: fx.merchantId }) },
  // A fresh merchant per allowed caller (version 0), confirmed by password (admin) or the next code (secure).
  SaveMerchantCardConfig: {
    params: async ({ caller }) => ({
      MerchantID: await insertMerchant(t.database.db),
      ExpectedVersion: 0,
      MCC: '5814',
      Descriptor: 'MATRIX SHOP',
      ThreeDs: 'risk-based' as const,
      Brands: ['Visa' as const],
      Currencies: ['EUR' as const],
      MinTxEur: '1',
      MaxTxEur: '100',
      DailyCapEur: '1000',
      MonthlyCapEur: '10000',
      RollingReservePct: '5',
      ReserveHoldDays: 90,
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  // An account of a fresh merchant for each allowed caller, terminated with a reason.
  SetMerchantCardStatus: {
    params: async ({ caller }) => ({
      MerchantID: await newCardAccount(),
      Action: 'terminate' as const,
      Reason: 'Permission matrix check',
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  LicensingOptions: { params: () => ({}) },
  ListLicenses: { params: () => ({ status: 'active' }) },
  LicenseDetail: { params: async () => ({ ID: await newLicense() }) },
  // Licence changes are confirmed by password (admin has no authenticator) or by the next code (secure).
  IssueLicense: {
    params: async ({ fx, caller }) => ({
      MerchantID: fx.merchantId,
      ProductID: 2,
      PolicyID: 2,
      ExpiresOn: '2099-12-31',
      MaxActivations: 3,
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  RenewLicense: {
    params: async ({ caller }) => ({
      ID: await newLicense(),
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  SuspendLicense: {
    params: async ({ caller }) => ({
      ID: await newLicense(),
      Reason: 'Permission matrix check',
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  ReinstateLicense: {
    params: async ({ caller }) => ({
      ID: await newLicense('suspended'),
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  RevokeLicense: {
    params: async ({ caller }) => ({
      ID: await newLicense(),
      Reason: 'Permission matrix check',
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  ResetLicenseActivations: {
    params: async ({ caller }) => ({
      ID: await newLicense(),
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  SimulateLicenseClient: { params: () => ({ Key: 'LL-AAAA-BBBB', Fingerprint: 'matrix-device' }) },
  ListAutonomy: { params: () => ({ level: 0 }) },
  SetAutonomy: {
    params: async () => ({
      MerchantIDs: [await insertMerchant(t.database.db)],
      Level: 1,
      DailyAutoPayoutEur: '1000',
      PerPayoutEur: '100',
      AddressChangeCooldownH: 24,
      Reason: 'Permission matrix check',
    }),
  },
  ListTransactionViews: { params: () => ({}) },
  CreateTransactionView: {
    params: ({ caller }) => ({ Name: `matrix-${caller}`, Filters: { range: '7d' as const } }),
  },
  // The caller's own view, so each allowed caller is its author.
  UpdateTransactionView: { params: async ({ me }) => ({ ID: await newView(me), Shared: true }) },
  DeleteTransactionView: { params: async ({ me }) => ({ ID: await newView(me) }) },
  GetConfig: { params: () => ({ Namespace: 'admin' }) },
  // A change of each allowed caller's own at the config's newest version, confirmed by password (admin has
  // no authenticator) or by the next code (secure).
  SaveConfigDraft: {
    params: async ({ caller }) => ({
      Namespace: 'admin',
      ExpectedVersion: (await configHead()).head,
      Values: { ...ADMIN_CONFIG_DEFAULTS, invoiceExpiryMinutes: 60 + (await configHead()).head + 1 },
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  SubmitConfig: { params: async () => ({ Namespace: 'admin', Version: await newConfigVersion('draft') }) },
  // Written by support, so neither allowed caller is its author.
  ApproveConfig: {
    params: async ({ caller }) => ({
      Namespace: 'admin',
      Version: await newConfigVersion('pending_approval'),
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  RejectConfig: {
    params: async () => ({
      Namespace: 'admin',
      Version: await newConfigVersion('pending_approval'),
      Reason: 'Permission matrix check',
    }),
  },
  ConfigHistory: { params: () => ({ Namespace: 'admin' }) },
  // Trading Config's connection test reads the internal exchange's fake book (no secret needed).
  TestConfig: { params: async () => ({ Namespace: 'trading', Version: await newTradingVersion() }) },
  RestoreConfig: {
    params: async ({ caller }) => {
      const version = await newConfigVersion('superseded');
      return {
        Namespace: 'admin',
        Version: version,
        ExpectedVersion: version,
        Password: TEST_PASSWORD,
        Code: await nextCode(caller),
      };
    },
  },
  ListTransactionSchedules: { params: () => ({}) },
  // A fresh merchant per call, at its coin's minimum payout or above.
  SaveTransactionSchedule: {
    params: async () => ({
      MerchantID: await insertMerchant(t.database.db),
      Kind: 'payout' as const,
      AltCoinID: 1,
      Frequency: 'daily' as const,
      Time: '09:00',
      Timezone: 'UTC',
      Threshold: '0.01',
      StartsOn: '2026-01-01',
    }),
  },
  PauseTransactionSchedule: {
    params: async () => ({ ID: await newTransactionSchedule(), Reason: 'Permission matrix check' }),
  },
  ResumeTransactionSchedule: { params: async () => ({ ID: await newTransactionSchedule('paused') }) },
  SkipNextTransactionSchedule: { params: async () => ({ ID: await newTransactionSchedule(), Skip: true }) },
  // Confirmed by password (admin has no authenticator) or by the next code (secure).
  RunTransactionScheduleNow: {
    params: async ({ caller }) => ({
      ID: await newTransactionSchedule(),
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  TransactionScheduleHistory: { params: async () => ({ ID: await newTransactionSchedule() }) },
  ListTransactionTasks: { params: () => ({}) },
  TransactionTaskDetail: { params: async () => ({ ID: await newTransactionTask() }) },
  RetryTransactionTask: {
    params: async ({ caller }) => ({
      ID: await newTransactionTask(),
      Reason: 'Permission matrix check',
      Password: TEST_PASSWORD,
      Code: await nextCode(caller),
    }),
  },
  ListJobs: { params: () => ({}) },
  ListJobRuns: { params: () => ({ Key: 'files.purge' }) },
  JobRunLog: { params: async () => ({ ID: await newJobRun('succeeded') }) },
  // No run of the job left queued, so Forbid lets each allowed caller queue one.
  RunJobNow: {
    params: async () => {
      await t.database.db.delete(jobRuns).where(eq(jobRuns.jobKey, 'live-events.prune'));
      return { Key: 'live-events.prune' };
    },
  },
  // Running again before each caller, so each pauses it (not a job that moves money: no step-up).
  SetJobEnabled: {
    params: async () => {
      await t.database.db.update(jobs).set({ enabled: true }).where(eq(jobs.key, 'files.purge'));
      return { Key: 'files.purge', Enabled: false };
    },
  },
  SaveJobSchedule: {
    params: () => ({
      Key: 'files.purge',
      Cron: '0 * * * *',
      Timezone: 'Europe/Amsterdam',
      Concurrency: 'forbid' as const,
      TimeoutS: 600,
      StartingDeadlineS: 300,
    }),
  },
  // A run with no heartbeat for an hour: stuck, so it may be marked failed.
  MarkJobRunFailed: { params: async () => ({ ID: await newJobRun('running') }) },
  ListSavedReports: { params: () => ({}) },
  GetSavedReport: { params: async () => ({ ID: await newSavedReport('draft') }) },
  SaveReportDraft: {
    params: ({ caller }) => ({ Name: `Matrix report ${caller}`, SQL: 'select 1 as one' }),
  },
  PreviewReport: { params: () => ({ SQL: 'select 1 as one' }) },
  SubmitReport: { params: async () => ({ ID: await newSavedReport('draft') }) },
  // Written by support, so neither allowed caller is its author (four-eyes).
  ApproveReport: { params: async () => ({ ID: await newSavedReport('pending_approval') }) },
  RejectReport: {
    params: async () => ({ ID: await newSavedReport('pending_approval'), Reason: 'Permission matrix check' }),
  },
  RunReportNow: { params: async () => ({ ID: await newSavedReport('approved') }) },
  DownloadReportCsv: { params: async () => ({ ID: await newSavedReport('approved') }) },
  SetReportEnabled: { params: async () => ({ ID: await newSavedReport('approved'), Enabled: false }) },
};

let savedReportCount = 0;
/** A fresh saved report written by support, its one version in `status` (an approved one approved by kyc). */
async function newSavedReport(status: 'draft' | 'pending_approval' | 'approved'): Promise<number> {
  const db = t.database.db;
  const ids = new Map(
    (await db.select({ id: staff.id, username: staff.username }).from(staff)).map((s) => [s.username, s.id]),
  );
  const author = ids.get('support') ?? 0;
  const at = t.clock.now();
  const [report] = await db
    .insert(savedReports)
    .values({
      name: `Matrix saved report ${++savedReportCount}`,
      ownerStaffId: author,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: savedReports.id });
  const reportId = report?.id ?? 0;
  const [version] = await db
    .insert(savedReportVersions)
    .values({
      reportId,
      version: 1,
      status,
      sql: 'select 1 as one',
      sqlHash: 'matrix',
      authorStaffId: author,
      createdAt: at,
      ...(status === 'approved' ? { approverStaffId: ids.get('kyc') ?? 0, decidedAt: at } : {}),
    })
    .returning({ id: savedReportVersions.id });
  if (status === 'approved')
    await db
      .update(savedReports)
      .set({ approvedVersionId: version?.id ?? 0 })
      .where(eq(savedReports.id, reportId));
  return reportId;
}

/** The Admin Config's newest version number (0 before the first). */
async function configHead(): Promise<{ head: number }> {
  const [row] = await t.database.db
    .select({ v: configVersions.version })
    .from(configVersions)
    .where(eq(configVersions.ns, 'admin'))
    .orderBy(desc(configVersions.version))
    .limit(1);
  return { head: row?.v ?? 0 };
}

/** A fresh Admin Config version in `status`, written by support (never a caller allowed to approve it). */
async function newConfigVersion(status: 'draft' | 'pending_approval' | 'superseded'): Promise<number> {
  const [author] = await t.database.db
    .select({ id: staff.id })
    .from(staff)
    .where(eq(staff.username, 'support'));
  const version = (await configHead()).head + 1;
  await t.database.db.insert(configVersions).values({
    ns: 'admin',
    version,
    values: { ...ADMIN_CONFIG_DEFAULTS, invoiceExpiryMinutes: 200 + version },
    status,
    authorStaffId: author?.id ?? 0,
    author: 'support',
    createdAt: t.clock.now(),
  });
  return version;
}

/** A fresh Trading Config draft on its defaults, written by support: something for TestConfig to test. */
async function newTradingVersion(): Promise<number> {
  const [author] = await t.database.db
    .select({ id: staff.id })
    .from(staff)
    .where(eq(staff.username, 'support'));
  const [head] = await t.database.db
    .select({ v: configVersions.version })
    .from(configVersions)
    .where(eq(configVersions.ns, 'trading'))
    .orderBy(desc(configVersions.version))
    .limit(1);
  const version = (head?.v ?? 0) + 1;
  await t.database.db.insert(configVersions).values({
    ns: 'trading',
    version,
    values: TRADING_CONFIG_DEFAULTS,
    status: 'draft',
    authorStaffId: author?.id ?? 0,
    author: 'support',
    createdAt: t.clock.now(),
  });
  return version;
}

/** A run of files.purge, started an hour ago; a running one has not sent a heartbeat since. */
async function newJobRun(status: 'running' | 'succeeded'): Promise<number> {
  const hourAgo = new Date(t.clock.now().getTime() - 3_600_000);
  const [row] = await t.database.db
    .insert(jobRuns)
    .values({
      jobKey: 'files.purge',
      trigger: 'manual',
      scheduledFor: hourAgo,
      startedAt: hourAgo,
      heartbeatAt: hourAgo,
      status,
      ...(status === 'succeeded' ? { finishedAt: hourAgo, log: 'done' } : {}),
    })
    .returning({ id: jobRuns.id });
  return row?.id ?? 0;
}

/** The code a caller's authenticator shows one time step on (only `secure` has one; the others send any). */
async function nextCode(caller: Caller): Promise<string> {
  if (caller !== 'secure') return '123456';
  // Each approval takes a step of its own: move the clock past the step the last code took.
  t.clock.advance(30_000);
  return totpCode(TEST_TOTP_SECRET, t.clock.now());
}

const stepUpAnswer = (caller: Caller) =>
  caller === 'secure'
    ? { status: 200, message: MESSAGES.ok }
    : { status: 403, message: PAYOUT_MESSAGES.noTotp };

const MAIN_SAMPLES: { [K in MainCallName]?: Sample<ParamsOf<(typeof MAIN_CALLS)[K]>> } = {
  // Signed-in callers already have a session: 'Session already exists' (SPEC §8), not a refusal.
  Login: {
    params: async () => ({
      User: 'viewer',
      Password: TEST_PASSWORD,
      totp: '000000',
      'g-recaptcha-response': await solveBotCheck(t.app),
      output: 'json',
    }),
    answer: ({ me }) =>
      me ? { status: 409, message: MESSAGES.sessionExists } : { status: 200, message: MESSAGES.ok },
  },
  // Made last by each caller (see PROBES): it ends the session the other calls use.
  Logout: { params: () => ({ logout: 'true', output: 'json' }) },
  Session: {
    params: () => ({}),
    check: (data, { caller }) => expect(sessionSchema.parse(data).Username).toBe(caller),
  },
  Accountdetail: {
    params: ({ me }) => ({ MerchantID: me?.session.ID ?? 1, APIKey: me?.session.APIKey ?? 'none' }),
    check: (data, { caller }) => {
      const detail = MAIN_CALLS.Accountdetail.data.parse(data).data;
      expect(detail.Username).toBe(caller);
      expect([...detail.Permissions].sort()).toEqual([...slugsOf(caller)].sort());
    },
  },
  Fiatlookup: { params: () => ({ AltCoinID: 1, Amount: '1', FiatMoney: 'EUR' }) },
  Config: { params: () => ({}) },
  ForgotPassword: {
    params: async () => ({ User: 'no-such-account', 'g-recaptcha-response': await solveBotCheck(t.app) }),
    answer: () => ({ status: 200, message: MESSAGES.resetRequested }),
  },
  // A token that was never issued: the call's own answer, whoever asks.
  ResetPassword: {
    params: () => ({ token: 'n'.repeat(43), Password: 'matrix-password-1', Confirm: 'matrix-password-1' }),
    answer: () => ({ status: 400, message: MESSAGES.resetInvalid }),
  },
  ChatContactList: { params: () => ({ MSGS: '' }) },
  ChatHistory: { params: ({ fx }) => ({ MSGS: '', ID: fx.merchantId }) },
  ChatSend: { params: ({ fx }) => ({ ID: fx.merchantId, TEXT: 'Permission matrix check' }) },
  // JSON, not multipart: an allowed caller gets the upload's refusal of a missing image (see UploadFile).
  MarketImageUpload: {
    params: () => ({ Price: '1' }),
    answer: () => ({ status: 400, message: IMAGE_FILE_MESSAGE }),
  },
};

type Probe =
  | { kind: 'admin'; name: AdminCallName }
  | { kind: 'main'; name: MainCallName }
  | { kind: 'socket'; name: SocketName }
  | { kind: 'status'; name: string; path: string }
  | { kind: 'bot-check'; name: 'BotChallenge' }
  | { kind: 'export'; name: AdminCallName };

/** The lists staff may download as CSV: the export answers as the list's own access allows. */
const EXPORTABLE = (Object.keys(ADMIN_CALLS) as AdminCallName[]).filter(
  (name) => ADMIN_CALLS[name].exportable,
);

const probeName = (p: Probe) => `${p.kind} ${p.name}`;

// Logout last: every other probe of a caller runs on the session it ends.
const PROBES: Probe[] = [
  ...(Object.keys(ADMIN_CALLS) as AdminCallName[]).map((name): Probe => ({ kind: 'admin', name })),
  ...(Object.keys(MAIN_CALLS) as MainCallName[])
    .filter((name) => name !== 'Logout')
    .map((name): Probe => ({ kind: 'main', name })),
  ...(Object.keys(SOCKET_PATHS) as SocketName[]).map((name): Probe => ({ kind: 'socket', name })),
  ...SERVICE_STATUS_ENDPOINTS.map((e): Probe => ({ kind: 'status', name: e.key, path: e.path })),
  { kind: 'bot-check', name: 'BotChallenge' },
  ...EXPORTABLE.map((name): Probe => ({ kind: 'export', name })),
  { kind: 'main', name: 'Logout' },
];

type Outcome = 'allowed' | 401 | 403;
const outcomeFor = (access: CallAccess, caller: Caller): Outcome => {
  if (access === 'public') return 'allowed';
  if (caller === 'nobody') return 401;
  if (access === 'login') return 'allowed';
  return slugsOf(caller).includes(access) ? 'allowed' : 403;
};

const REFUSALS = {
  401: { status_code: 401, message: MESSAGES.unauthorized, data: null },
  403: { status_code: 403, message: 'Forbidden', data: null },
} as const;

/** A refusal is the bare envelope: no data, no stack, no SQL, nothing about anyone. */
function expectRefusal(response: LightMyRequestResponse, status: 401 | 403, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
  const body = response.json();
  expect(Object.keys(body), what).toEqual(['status_code', 'message', 'data']);
  expect(body, what).toEqual(REFUSALS[status]);
}

let t: TestApp;
let fx: Fixture;
const signedIn = new Map<Caller, SignedIn>();

async function mintToken(cookie: string, session: Session): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${ADMIN_SERVICE_PREFIX}?Call=GenerateJWTToken`,
    headers: { [CSRF_HEADER.name]: CSRF_HEADER.value, cookie },
    payload: { MerchantID: session.ID, APIKey: session.APIKey },
  });
  return ADMIN_CALLS.GenerateJWTToken.data.parse(response.json().data).Token;
}

async function signInCaller(user: Role): Promise<SignedIn> {
  // `secure` has TOTP enrolled: it signs in with the code of the moment, the others with the default.
  const totp = user === 'secure' ? await totpCode(TEST_TOTP_SECRET, t.clock.now()) : undefined;
  const response = await login(t.app, user, totp ? { totp } : {});
  expect(response.statusCode, response.body).toBe(200);
  const session = sessionSchema.parse(response.json().data);
  const cookie = sessionCookie(response);
  return { cookie, session, token: await mintToken(cookie, session) };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { seed: 11, days: 1, txPerDay: 5, now: t.clock.now() });
  const [merchant] = await t.database.db.select({ id: merchants.id }).from(merchants).limit(1);
  if (!merchant) throw new Error('no merchant seeded');
  const payment = await insertTransaction(t.database.db, {
    merchantId: merchant.id,
    altCoinId: 1,
    status: 'waiting',
    amount: '0.01000000',
  });
  const payout = await insertTransaction(t.database.db, {
    merchantId: merchant.id,
    altCoinId: 1,
    status: 'payout-pending',
    amount: '0.02000000',
  });
  const target = await createTestStaff(t.database.db, 'matrix-target', 'Viewer');
  const kycCaseId = await insertKycSubmission(t.database.db, { merchantId: merchant.id });
  fx = {
    merchantId: merchant.id,
    paymentId: payment.transactionId,
    paymentRef: formatTransactionRef('T', payment.transactionId),
    payoutId: payout.transactionId,
    failureId: await insertFailure(t.database.db, { altCoinId: 1 }),
    targetStaffId: target.id,
    viewerRoleId: (await roleIdByName(t.database.db, 'Viewer')) ?? 0,
    kycCaseId,
    kycDocumentId: await insertKycDocument(t.database.db, { submissionId: kycCaseId }),
    matrixRoleId: await insertRole(t.database.db, {
      name: 'Matrix Role',
      description: 'Permission matrix role',
    }),
    vtokenId: await newVToken(merchant.id),
    payoutRequestId: await insertPayout(t.database.db, { merchantId: merchant.id }),
    goamlReportId: 0,
  };
  const [draft] = await t.database.db
    .insert(goamlReports)
    .values({
      reportCode: 'STR',
      status: 'draft',
      merchantId: merchant.id,
      input: goamlInput(fx),
      transactionCount: 0,
      createdByStaffId: target.id,
      createdOn: t.clock.now(),
      updatedOn: t.clock.now(),
    })
    .returning({ id: goamlReports.id });
  fx.goamlReportId = draft?.id ?? 0;
  for (const caller of CALLERS) if (caller !== 'nobody') signedIn.set(caller, await signInCaller(caller));
});
afterAll(() => t.close());

/** Makes one contract call as the browser would: session cookie and bearer token when signed in. */
async function send(def: CallDef, prefix: string, params: object, me: SignedIn | undefined) {
  const query = new URLSearchParams(def.call ? { Call: def.call } : {});
  if (def.method === 'GET')
    for (const [key, value] of Object.entries(params))
      if (value !== undefined) query.append(key, String(value));
  const path = def.path === '/' ? '' : def.path;
  return t.app.inject({
    method: def.method,
    url: `${prefix}${path}?${query}`,
    headers: {
      [CSRF_HEADER.name]: CSRF_HEADER.value,
      ...(me ? { cookie: me.cookie, authorization: `Bearer ${me.token}` } : {}),
    },
    ...(def.method === 'POST' ? { payload: params } : {}),
  });
}

async function probeCall(
  def: CallDef,
  sample: Sample<object> | undefined,
  prefix: string,
  ctx: Ctx,
  what: string,
) {
  if (!sample) throw new Error(`${what} has no sample params: add one to the permission matrix`);
  const response = await send(def, prefix, await sample.params(ctx), ctx.me);
  const outcome = outcomeFor(def.access, ctx.caller);
  if (outcome !== 'allowed') return expectRefusal(response, outcome, what);
  const expected = sample.answer?.(ctx) ?? { status: 200, message: MESSAGES.ok };
  expect(response.statusCode, `${what}: ${response.body}`).toBe(expected.status);
  const body = response.json();
  expect(body.message, what).toBe(expected.message);
  if (expected.status !== 200) return;
  // Valid params and an answer in the contract's shape: the call really ran for this caller.
  def.data.parse(body.data);
  sample.check?.(body.data, ctx);
}

/** Downloads a list as CSV with the call's sample params and the first column of its rows. */
async function probeExport(name: AdminCallName, ctx: Ctx, what: string) {
  const sample = ADMIN_SAMPLES[name] as Sample<object> | undefined;
  if (!sample) throw new Error(`${what} has no sample params: add one to the permission matrix`);
  const [key = ''] = Object.keys(ADMIN_EXPORTS[name]?.row.shape ?? {});
  const response = await t.app.inject({
    method: 'POST',
    url: `${ADMIN_SERVICE_PREFIX}${EXPORT_PATH}?Call=${name}`,
    headers: {
      [CSRF_HEADER.name]: CSRF_HEADER.value,
      ...(ctx.me ? { cookie: ctx.me.cookie, authorization: `Bearer ${ctx.me.token}` } : {}),
    },
    payload: { params: await sample.params(ctx), columns: [{ key, header: key }] },
  });
  const outcome = outcomeFor(ADMIN_CALLS[name].access, ctx.caller);
  if (outcome !== 'allowed') return expectRefusal(response, outcome, what);
  expect(response.statusCode, `${what}: ${response.body}`).toBe(200);
  expect(response.headers['content-type'], what).toBe('text/csv; charset=utf-8');
  expect(response.body.split('\r\n')[0], what).toBe(`\uFEFF${key}`);
}

async function probeSocket(name: SocketName, ctx: Ctx, what: string) {
  const outcome = outcomeFor(SOCKET_SLUGS[name], ctx.caller);
  const path = SOCKET_PATHS[name];
  if (outcome === 'allowed') {
    const feed = await openFeed(t.app, path, ctx.me?.cookie ?? '');
    expect(await within(feed.synced, 5_000, `${what} to sync`)).toMatch(/sync|SYNC/);
    feed.socket.terminate();
    return;
  }
  const headers = { host: WS_HOST, origin: WS_ORIGIN, ...(ctx.me ? { cookie: ctx.me.cookie } : {}) };
  // The upgrade is refused before any frame, and the refusal itself is the bare envelope.
  await expect(t.app.injectWS(path, { headers })).rejects.toThrow(String(outcome));
  expectRefusal(await t.app.inject({ method: 'GET', url: path, headers }), outcome, what);
}

async function probeStatus(path: string, ctx: Ctx, what: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${MAIN_SERVICE_PREFIX}${path}`,
    headers: ctx.me ? { cookie: ctx.me.cookie } : {},
  });
  const outcome = outcomeFor('login', ctx.caller);
  if (outcome !== 'allowed') return expectRefusal(response, outcome, what);
  // No address configured in tests: the honest answer, not a refusal.
  expect(response.statusCode).toBe(503);
  expect(response.body).toBe(SERVICE_STATUS_TEXTS.notConfigured);
}

describe('the permission matrix is complete', () => {
  it('has sample params for every call of the contract and a slug for every live feed', () => {
    expect(Object.keys(ADMIN_CALLS).filter((name) => !Object.hasOwn(ADMIN_SAMPLES, name))).toEqual([]);
    expect(Object.keys(MAIN_CALLS).filter((name) => !Object.hasOwn(MAIN_SAMPLES, name))).toEqual([]);
    expect(Object.keys(SOCKET_PATHS).sort()).toEqual(Object.keys(SOCKET_SLUGS).sort());
  });

  it('probes each call as every demo role and as nobody', () => {
    expect(CALLERS).toEqual(['admin', 'support', 'kyc', 'marketing', 'viewer', 'secure', 'nobody']);
    expect(PROBES.length).toBe(
      Object.keys(ADMIN_CALLS).length +
        Object.keys(MAIN_CALLS).length +
        Object.keys(SOCKET_PATHS).length +
        SERVICE_STATUS_ENDPOINTS.length +
        1 +
        EXPORTABLE.length,
    );
  });
});

describe.each(CALLERS)('as %s', (caller) => {
  it.each(PROBES.map((p) => [probeName(p), p] as const))(
    '%s answers as its access allows',
    async (what, probe) => {
      const ctx: Ctx = { caller, me: signedIn.get(caller), fx };
      const label = `${caller} → ${what}`;
      switch (probe.kind) {
        case 'admin':
          return probeCall(
            ADMIN_CALLS[probe.name],
            ADMIN_SAMPLES[probe.name] as Sample<object> | undefined,
            ADMIN_SERVICE_PREFIX,
            ctx,
            label,
          );
        case 'main':
          return probeCall(
            MAIN_CALLS[probe.name],
            MAIN_SAMPLES[probe.name] as Sample<object> | undefined,
            MAIN_SERVICE_PREFIX,
            ctx,
            label,
          );
        case 'socket':
          return probeSocket(probe.name, ctx, label);
        case 'status':
          return probeStatus(probe.path, ctx, label);
        case 'export':
          return probeExport(probe.name, ctx, label);
        case 'bot-check': {
          const response = await t.app.inject({ method: 'GET', url: BOT_CHALLENGE_PATH });
          expect(response.statusCode, label).toBe(200);
          return;
        }
      }
    },
  );
});
