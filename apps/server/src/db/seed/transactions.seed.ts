import {
  formatLogEntry,
  formatTransactionRef,
  notificationMessage,
  TRANSACTION_STATUSES,
  type TransactionStatus,
} from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../database';
import { notifications, transactions } from '../schema';
import {
  DEMO_COINS,
  DEMO_PROVIDERS,
  type DemoCoin,
  demoAddress,
  demoTag,
  paymentTypeWeights,
} from './catalog.seed';
import { formatUnits, MONEY_SCALE, mulDiv, pow10, RATE_SCALE, toUnits } from './decimal';
import type { DemoMerchant } from './merchants.seed';
import type { StuckConversion } from './offline-pool.seed';
import type { Random } from './random';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long a payment address waits for the customer before the payment expires. */
export const PAYMENT_WINDOW_MS = HOUR;
/** First number of each counter; migration 0000 starts transaction_t_seq and transaction_p_seq here too. */
const FIRST_TRANSACTION_ID = 100_000;
const BATCH_SIZE = 1000;

type TransactionInsert = typeof transactions.$inferInsert;
type Category = 'payment' | 'reflextrader' | 'vtoken' | 'ltr' | 'swap' | 'payout';

interface Slot {
  at: number;
  prefix: 'T' | 'P';
  category: Category;
  status: TransactionStatus;
  /** Index of an earlier slot this one clones (a re-issued payment of the same order). */
  cloneOf: number | null;
  /** A conversion left open by a failure of this coin (offline-pool.seed.ts): coin and xChange are given. */
  stuckCoinId?: number;
}

/** What a clone copies from its master. */
interface Built {
  row: TransactionInsert & { transactionId: number; createdOn: Date };
  merchant: DemoMerchant;
  coin: DemoCoin;
  inputCoin: DemoCoin;
  cents: bigint;
}

export interface TransactionSeedResult {
  transactions: number;
  payouts: number;
  notifications: number;
  byStatus: Record<TransactionStatus, number>;
}

const T_STATUSES: readonly TransactionStatus[] = TRANSACTION_STATUSES.filter((s) => !s.startsWith('payout-'));
const P_STATUSES: readonly TransactionStatus[] = [
  'payout-completed',
  'payout-pending',
  'payout-cancelled',
  'reflextrader',
];

// European shops: quiet nights, busy afternoons and evenings (UTC hours).
const HOUR_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  1, 0.6, 0.4, 0.3, 0.3, 0.5, 1.2, 2.5, 4, 5.5, 6.5, 7, 7.5, 7.5, 7, 7, 7.2, 7.5, 7.8, 7.2, 6, 4.5, 3, 1.8,
].map((w, h) => [h, w] as const);
// Sunday … Saturday.
const WEEKDAY_FACTORS = [0.7, 1.05, 1.1, 1.1, 1.1, 1.15, 0.85];

// biome-ignore format: word list
const CUSTOMER_FIRST = [
  'tom', 'lisa', 'mark', 'eva', 'kevin', 'nina', 'paul', 'sara', 'alex', 'laura', 'chris', 'marie',
  'david', 'ines', 'felix', 'nora',
];
// biome-ignore format: word list
const CUSTOMER_LAST = [
  'jansen', 'bakker', 'mueller', 'martin', 'rossi', 'smith', 'garcia', 'novak', 'peeters', 'kelly',
  'silva', 'berg',
];
// biome-ignore format: word list
const MAIL_HOSTS = [
  'gmail.com', 'outlook.com', 'gmx.de', 'hotmail.com', 'proton.me', 'icloud.com', 'yahoo.com', 'web.de',
  'ziggo.nl', 'orange.fr',
];
const API_TAGS = ['webshop', 'mobile-app', 'black-friday', 'subscription', 'marketplace', 'checkout-v2'];
const STAFF_NAMES = ['admin', 'support', 'kyc', 'j.jansen', 'e.mueller', 'l.rossi'];
const COMMENT_TEXTS = [
  'Wrong label',
  'Missing label',
  'Refund',
  'NA',
  'Customer paid from an exchange, network fee deducted',
  'Merchant asked us to check this payment',
  'Confirmed on chain, merchant notified',
  'Refund requested by customer',
  'Reminder sent to customer',
  'Checked with provider: payment reversed',
  'Manual review: amount matches invoice',
  'Double payment, contacted merchant',
  'Customer sent the remainder in a new transaction',
];

const RATE_UNITS = new Map(DEMO_COINS.map((c) => [c.id, toUnits(c.eur, RATE_SCALE)]));
const rateOf = (coin: DemoCoin): bigint => RATE_UNITS.get(coin.id) ?? pow10(RATE_SCALE);
const coinById = (id: number): DemoCoin => {
  const coin = DEMO_COINS.find((c) => c.id === id);
  if (!coin) throw new Error(`unknown demo coin ${id}`);
  return coin;
};
const EUR = coinById(625);
const USD = coinById(626);
const GBP = coinById(627);
const CHF = coinById(628);

const ONLINE_WEIGHTED = DEMO_COINS.filter((c) => c.isOnline && c.weight > 0).map(
  (c) => [c, c.weight] as const,
);
const ONLINE_CRYPTO = ONLINE_WEIGHTED.filter(([c]) => c.vFiat === 0);
const INSTRUMENTS = DEMO_COINS.filter((c) => c.isOnline && c.vFiat >= 2).map((c) => [c, 1] as const);

/** Slot times: about `txPerDay` a day by weekday and hour, inside [now - days, now], oldest first. */
function slotTimes(rng: Random, now: number, days: number, txPerDay: number): number[] {
  const start = now - days * DAY;
  const midnight = Math.floor(now / DAY) * DAY;
  const times: number[] = [];
  for (let d = days; d >= 0; d--) {
    const dayStart = midnight - d * DAY;
    const factor = WEEKDAY_FACTORS[new Date(dayStart).getUTCDay()] ?? 1;
    const count = Math.round(txPerDay * factor * (0.85 + 0.3 * rng.next()));
    for (let i = 0; i < count; i++) {
      const at = dayStart + rng.weighted(HOUR_WEIGHTS) * HOUR + rng.int(0, HOUR - 1);
      if (at >= start && at < now) times.push(at);
    }
  }
  return times.sort((a, b) => a - b);
}

function paymentStatus(rng: Random, age: number): TransactionStatus {
  if (age < 15 * MINUTE) return rng.chance(0.8) ? 'waiting' : 'paid';
  if (age < PAYMENT_WINDOW_MS)
    return rng.weighted<TransactionStatus>([
      ['waiting', 50],
      ['paid', 45],
      ['underpaid', 5],
    ]);
  return rng.weighted<TransactionStatus>([
    ['paid', 66],
    ['expired', 27],
    ['underpaid', 7],
  ]);
}

function assignStatus(rng: Random, prefix: 'T' | 'P', category: Category, age: number): TransactionStatus {
  switch (category) {
    case 'payment':
      return paymentStatus(rng, age);
    case 'reflextrader':
      return 'reflextrader';
    case 'swap':
      return 'swap';
    case 'vtoken':
      return rng.chance(age < 30 * DAY ? 0.55 : 0.15) ? 'vtoken-active' : 'vtoken-claimed';
    case 'ltr':
      // Positions run 7 to 90 days: recent ones are mostly open, old ones closed or expired.
      if (age < 7 * DAY) return rng.chance(0.85) ? 'ltr-open' : 'ltr-closed';
      if (age < 30 * DAY)
        return rng.weighted<TransactionStatus>([
          ['ltr-open', 50],
          ['ltr-closed', 35],
          ['ltr-expired', 15],
        ]);
      return rng.weighted<TransactionStatus>([
        ['ltr-open', 5],
        ['ltr-closed', 60],
        ['ltr-expired', 35],
      ]);
    case 'payout':
      if (prefix === 'P' && rng.chance(0.06)) return 'reflextrader';
      if (age < 3 * DAY)
        return rng.weighted<TransactionStatus>([
          ['payout-pending', 55],
          ['payout-completed', 41],
          ['payout-cancelled', 4],
        ]);
      return rng.weighted<TransactionStatus>([
        ['payout-completed', 91],
        ['payout-cancelled', 8],
        ['payout-pending', 1],
      ]);
  }
}

const categoryOfStatus = (status: TransactionStatus, prefix: 'T' | 'P'): Category => {
  if (prefix === 'P') return 'payout';
  if (status === 'reflextrader' || status === 'swap') return status;
  if (status.startsWith('vtoken')) return 'vtoken';
  if (status.startsWith('ltr')) return 'ltr';
  return 'payment';
};

function planSlots(rng: Random, now: number, days: number, txPerDay: number): Slot[] {
  const slots: Slot[] = slotTimes(rng, now, days, txPerDay).map((at) => {
    const age = now - at;
    const prefix = rng.chance(0.1) ? 'P' : 'T';
    const category: Category =
      prefix === 'P'
        ? 'payout'
        : rng.weighted<Category>([
            ['payment', 82],
            ['reflextrader', 4],
            ['vtoken', 5],
            ['ltr', 4],
            ['swap', 5],
          ]);
    return { at, prefix, category, status: assignStatus(rng, prefix, category, age), cloneOf: null };
  });
  // A live tail: the dashboard always has something waiting for payment right now.
  for (let i = 0; i < 3; i++) {
    slots.push({
      at: now - rng.int(MINUTE, 55 * MINUTE),
      prefix: 'T',
      category: 'payment',
      status: 'waiting',
      cloneOf: null,
    });
  }
  slots.sort((a, b) => a.at - b.at);
  ensureEveryStatus(rng, slots, now, days);
  markClones(rng, slots);
  return slots;
}

/**
 * Small data sets must still show every status of SPEC §4: re-roll a spare slot into each missing status,
 * or add a slot when none can be spared.
 */
function ensureEveryStatus(rng: Random, slots: Slot[], now: number, days: number): void {
  const counts = new Map<string, number>();
  const key = (prefix: string, status: string) => `${prefix}:${status}`;
  const bump = (prefix: string, status: string, by: number) =>
    counts.set(key(prefix, status), (counts.get(key(prefix, status)) ?? 0) + by);
  for (const s of slots) bump(s.prefix, s.status, 1);
  const required = [
    ...T_STATUSES.map((status) => ['T', status] as const),
    ...P_STATUSES.map((status) => ['P', status] as const),
  ];
  // Old enough for any end state (an expired payment needs its window behind it).
  const isOldEnough = (at: number) => now - at > 2 * PAYMENT_WINDOW_MS;
  for (const [prefix, status] of required) {
    if ((counts.get(key(prefix, status)) ?? 0) > 0) continue;
    const candidates = slots.filter(
      (s) =>
        s.prefix === prefix &&
        s.status !== 'waiting' &&
        isOldEnough(s.at) &&
        (counts.get(key(s.prefix, s.status)) ?? 0) > 1,
    );
    const category = categoryOfStatus(status, prefix);
    const spare = candidates.length > 0 ? rng.pick(candidates) : undefined;
    if (spare) {
      bump(spare.prefix, spare.status, -1);
      Object.assign(spare, { status, category });
    } else {
      const at = now - rng.int(2 * PAYMENT_WINDOW_MS + MINUTE, Math.max(3 * PAYMENT_WINDOW_MS, days * DAY));
      slots.push({ at, prefix, category, status, cloneOf: null });
    }
    bump(prefix, status, 1);
  }
  slots.sort((a, b) => a.at - b.at);
}

/** A few payments are clones: re-issued for the same order, pointing at their master. */
function markClones(rng: Random, slots: Slot[]): void {
  const payments = slots.map((s, i) => [s, i] as const).filter(([s]) => s.category === 'payment');
  const wanted = Math.max(2, Math.round(payments.length * 0.004));
  const chosen = new Set<number>();
  for (let attempt = 0; attempt < wanted * 20 && chosen.size < wanted && payments.length > 2; attempt++) {
    const p = rng.int(1, payments.length - 1);
    const [slot, index] = payments[p] as (typeof payments)[number];
    if (slot.status === 'waiting' || chosen.has(index)) continue;
    const back = rng.int(1, Math.min(p, 40));
    const [master, masterIndex] = payments[p - back] as (typeof payments)[number];
    if (master.cloneOf !== null || chosen.has(masterIndex)) continue;
    slot.cloneOf = masterIndex;
    chosen.add(index);
  }
}

/**
 * Adds the stuck conversions to the plan in time order, moving the clones' pointers along with their
 * masters. Their own draws come from another stream, so the rest of the data set stays as it was.
 */
function withStuck(slots: readonly Slot[], stuck: readonly StuckConversion[]): Slot[] {
  const extra: Slot[] = stuck.map((c) => ({
    at: c.at,
    prefix: 'T',
    category: c.status === 'underpaid' ? 'payment' : 'vtoken',
    status: c.status,
    cloneOf: null,
    stuckCoinId: c.coinId,
  }));
  const merged = [...slots.map((slot, old) => ({ slot, old })), ...extra.map((slot) => ({ slot, old: -1 }))];
  merged.sort((a, b) => a.slot.at - b.slot.at);
  const moved = new Map(merged.map((m, index) => [m.old, index]));
  return merged.map(({ slot }) =>
    slot.cloneOf === null ? slot : { ...slot, cloneOf: moved.get(slot.cloneOf) ?? null },
  );
}

/** A heavy-tailed random amount in cents around `median`, sometimes rounded as people do. */
function amountCents(rng: Random, median: number, sigma: number): bigint {
  const raw = median * Math.exp(rng.gaussian() * sigma);
  const whole = rng.chance(0.15) ? Math.max(1, Math.round(raw / 5) * 5) * 100 : Math.round(raw * 100);
  return BigInt(Math.max(100, whole));
}

const money = (units: bigint): string => formatUnits(units, MONEY_SCALE);
const centsToUnits = (cents: bigint): bigint => cents * pow10(MONEY_SCALE - 2);

interface Context {
  rng: Random;
  now: number;
  merchants: readonly DemoMerchant[];
  cumulative: number[];
  total: number;
  nextId: { T: number; P: number };
  nextXchange: number;
  built: Built[];
  /** Draws for the stuck conversions. */
  stuckRng: Random;
}

function pickMerchant(ctx: Context, at: number): DemoMerchant {
  // Rejection sampling by activity: a merchant only trades after it registered.
  for (let attempt = 0; attempt < 40; attempt++) {
    const roll = ctx.rng.next() * ctx.total;
    let lo = 0;
    let hi = ctx.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((ctx.cumulative[mid] ?? 0) > roll) hi = mid;
      else lo = mid + 1;
    }
    const merchant = ctx.merchants[lo];
    if (merchant && merchant.activity > 0 && merchant.row.registeredOn.getTime() < at - HOUR) return merchant;
  }
  return ctx.merchants.find((m) => m.activity > 0) ?? (ctx.merchants[0] as DemoMerchant);
}

function inputCoinFor(rng: Random, coin: DemoCoin, merchant: DemoMerchant): DemoCoin {
  if (coin.vFiat === 1) return coin;
  const home =
    merchant.row.country === 'US'
      ? USD
      : merchant.row.country === 'GB'
        ? GBP
        : merchant.row.country === 'CH'
          ? CHF
          : EUR;
  return rng.chance(0.88) ? home : rng.pick([EUR, USD, GBP]);
}

function payoutTarget(merchant: DemoMerchant): { coin: DemoCoin; provider: string | null } {
  switch (merchant.row.payoutSchema) {
    case 'eur-bank':
    case 'bank-address-book':
      return { coin: EUR, provider: 'BankLink' };
    case 'usd-bank':
      return { coin: USD, provider: 'BankLink' };
    case 'gbp-bank':
      return { coin: GBP, provider: 'BankLink' };
    case 'paypal':
      return { coin: EUR, provider: null };
    case 'payeer':
      return { coin: USD, provider: null };
    default:
      return { coin: coinById(merchant.payoutCoinId), provider: null };
  }
}

function customerEmail(rng: Random): string {
  return `${rng.pick(CUSTOMER_FIRST)}.${rng.pick(CUSTOMER_LAST)}${rng.chance(0.4) ? rng.int(1, 99) : ''}@${rng.pick(MAIL_HOSTS)}`;
}

function comments(rng: Random, created: number, until: number, forceOne: boolean): string | null {
  if (!forceOne && !rng.chance(0.03)) return null;
  const count = rng.weighted([
    [1, 6],
    [2, 3],
    [3, 1],
  ]);
  const times = Array.from(
    { length: count },
    () => created + Math.floor(rng.next() * Math.max(MINUTE, until - created)),
  );
  times.sort((a, b) => a - b);
  let log: string | null = null;
  for (const t of times) {
    log = formatLogEntry({
      timestamp: new Date(t),
      username: rng.pick(STAFF_NAMES),
      text: rng.pick(COMMENT_TEXTS),
      oldComments: log,
    });
  }
  return log;
}

function buildRow(ctx: Context, slot: Slot): Built {
  const { rng } = ctx;
  const master = slot.cloneOf === null ? undefined : ctx.built[slot.cloneOf];
  const created = slot.at;
  const age = ctx.now - created;
  const status = slot.status;
  const merchant = master?.merchant ?? pickMerchant(ctx, created);
  const details = merchant.row.details;

  let coin: DemoCoin;
  let provider: string | null = null;
  let type: string;
  let cents: bigint;
  switch (slot.category) {
    case 'payout': {
      const target = payoutTarget(merchant);
      coin = target.coin;
      provider = target.provider;
      type = status === 'reflextrader' ? 'ReflexTrader' : 'Payout';
      cents = amountCents(rng, 1200, 1);
      break;
    }
    case 'reflextrader':
      coin = coinById(
        rng.weighted([
          [1, 5],
          [5, 3],
          [13, 2],
        ]),
      );
      type = 'ReflexTrader';
      cents = amountCents(rng, 1500, 0.9);
      break;
    case 'vtoken':
      coin = slot.stuckCoinId === undefined ? rng.weighted(ONLINE_CRYPTO) : coinById(slot.stuckCoinId);
      type = 'vToken';
      cents = BigInt(rng.pick([10, 25, 50, 50, 100, 100, 250, 500]) * 100);
      break;
    case 'ltr':
      coin = rng.chance(0.35)
        ? rng.weighted(INSTRUMENTS)
        : coinById(
            rng.weighted([
              [1, 6],
              [5, 3],
              [18, 1],
            ]),
          );
      type = 'LTR';
      cents = amountCents(rng, 5000, 0.8);
      break;
    case 'swap':
      coin = rng.weighted(ONLINE_CRYPTO);
      type = 'Swap';
      cents = amountCents(rng, 800, 1.1);
      break;
    case 'payment':
      coin =
        slot.stuckCoinId === undefined
          ? (master?.coin ?? rng.weighted(ONLINE_WEIGHTED))
          : coinById(slot.stuckCoinId);
      type = master
        ? (master.row.transactionType as string)
        : rng.weighted(paymentTypeWeights(coin.vFiat === 1));
      cents =
        master?.cents ??
        (type === 'POS'
          ? amountCents(rng, 35, 0.8)
          : type === 'Invoice'
            ? amountCents(rng, 250, 1)
            : amountCents(rng, 80, 1));
      if (coin.vFiat === 1)
        provider = rng.weighted(
          DEMO_PROVIDERS.map((p, i) => [p, [30, 25, 12, 8, 15, 5, 5][i] ?? 1] as const),
        );
      break;
  }
  const inputCoin =
    master?.inputCoin ??
    (slot.category === 'payout' && coin.vFiat === 1 ? coin : inputCoinFor(rng, coin, merchant));

  const original = centsToUnits(cents);
  const inRate = rateOf(inputCoin);
  const volume = mulDiv(original, inRate, pow10(RATE_SCALE));
  const amount = mulDiv(original, inRate, rateOf(coin));

  // Timeline per status. Delays are cut at the row's age, so nothing happens after `now`.
  let expiredOn: Date | null = null;
  let confirmedOn: Date | null = null;
  let touched = created;
  const after = (minMs: number, maxMs: number): number => {
    const hi = Math.max(0, Math.min(maxMs, age));
    return created + rng.int(Math.min(minMs, hi), hi);
  };
  const confirmAfter = (minMs: number, maxMs: number) => {
    touched = after(minMs, maxMs);
    confirmedOn = new Date(touched);
  };
  switch (status) {
    case 'paid':
    case 'underpaid':
      confirmAfter(30_000, 45 * MINUTE);
      break;
    case 'expired':
      touched = Math.min(created + PAYMENT_WINDOW_MS, ctx.now);
      expiredOn = new Date(touched);
      break;
    case 'reflextrader':
      confirmAfter(MINUTE, 30 * MINUTE);
      break;
    case 'swap':
      confirmAfter(20_000, 10 * MINUTE);
      break;
    case 'vtoken-active':
      confirmAfter(30_000, 5 * MINUTE);
      break;
    case 'vtoken-claimed':
      confirmAfter(HOUR, 20 * DAY);
      break;
    case 'ltr-closed':
    case 'ltr-expired': {
      const terms = [7, 14, 30, 90].map((d) => d * DAY).filter((t) => t < age);
      const term = terms.length > 0 ? rng.pick(terms) : Math.floor(age * 0.8);
      if (status === 'ltr-expired') {
        touched = created + term;
        expiredOn = new Date(touched);
      } else {
        // Closed at the end of the term or earlier by the merchant.
        confirmAfter(Math.floor(term * 0.3), term);
      }
      break;
    }
    case 'payout-completed':
      confirmAfter(10 * MINUTE, 2 * DAY);
      break;
    case 'payout-cancelled':
      touched = after(5 * MINUTE, DAY);
      break;
    default:
      break;
  }

  // Revenue: the merchant's fee on payments, smaller spreads on the other products.
  const feeBps = BigInt(
    status === 'paid' || status === 'underpaid'
      ? merchant.feeBps
      : status === 'swap'
        ? 50
        : status === 'vtoken-active' || status === 'vtoken-claimed'
          ? 100
          : status === 'ltr-closed' || status === 'reflextrader'
            ? 30
            : status === 'payout-completed'
              ? 25
              : 0,
  );
  // An underpaid customer sent 80–99% of the amount due.
  const receivedPermille = status === 'underpaid' ? BigInt(rng.int(800, 990)) : 1000n;
  const revenue = mulDiv(volume * receivedPermille, feeBps, 10_000_000n);
  const fee = mulDiv(original * receivedPermille, feeBps, 10_000_000n);
  const isSettled = confirmedOn !== null;

  const prefix = slot.prefix;
  const transactionId = ctx.nextId[prefix]++;
  const ref = formatTransactionRef(prefix, transactionId);
  const isFiat = coin.vFiat === 1;
  // Swaps always go through xChange; some trades and settled crypto payments are converted there too.
  let xchangeId: number | null = null;
  if (
    slot.stuckCoinId !== undefined ||
    status === 'swap' ||
    (status === 'reflextrader' && rng.chance(0.6)) ||
    (isSettled && !isFiat && rng.chance(0.08))
  ) {
    ctx.nextXchange += rng.int(1, 40);
    xchangeId = ctx.nextXchange;
  }
  const customerReference =
    master?.row.customerReference ??
    (type === 'POS'
      ? `POS-${String(rng.int(1, 12)).padStart(2, '0')}-${rng.int(1000, 999_999)}`
      : type === 'Invoice'
        ? `INV-${new Date(created).getUTCFullYear()}-${String(rng.int(1, 99_999)).padStart(5, '0')}`
        : type === 'API'
          ? rng.chance(0.5)
            ? `ORD-${rng.int(10_000, 9_999_999)}`
            : `#${rng.int(1000, 99_999)}`
          : type === 'Payout'
            ? `PO-${new Date(created).toISOString().slice(0, 10).replace(/-/g, '')}-${rng.int(1000, 9999)}`
            : null);
  const email =
    master?.row.email ??
    (type === 'Invoice'
      ? rng.chance(0.9)
        ? customerEmail(rng)
        : null
      : type === 'API'
        ? rng.chance(0.5)
          ? customerEmail(rng)
          : null
        : prefix === 'P'
          ? merchant.row.email
          : null);
  const hasUrls = type === 'API' || type === 'Invoice';
  const address =
    prefix === 'P' && !isFiat && merchant.payoutAddress && merchant.payoutCoinId === coin.id
      ? merchant.payoutAddress
      : demoAddress(rng, coin.address);
  const attention = status === 'underpaid' || status === 'payout-cancelled' ? rng.chance(0.3) : false;

  const row: Built['row'] = {
    prefix,
    transactionId,
    merchantId: merchant.id,
    originalAmount: money(original),
    inputCurrency: inputCoin.shortName,
    amount: money(amount),
    altCoinId: coin.id,
    status,
    notEnough: status === 'underpaid' ? 1 : 0,
    transactionType: type,
    externalProvider: provider,
    createdOn: new Date(created),
    expiredOn,
    confirmedOn,
    updatedOn: new Date(touched),
    security: rng.hex(32),
    customerReference,
    coinAddress: address,
    xchangeId,
    masterTransactionId: master ? master.row.transactionId : null,
    // Staff look at a transaction in its first days, not months later.
    comments:
      status === 'waiting' ? null : comments(rng, created, Math.min(ctx.now, created + 14 * DAY), attention),
    revolutId:
      provider === 'BankLink' && isSettled
        ? `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-a${rng.hex(3)}-${rng.hex(12)}`
        : null,
    email,
    confirmUrl: hasUrls ? `${details.ConfirmURL}?ref=${ref}` : null,
    failUrl: hasUrls ? `${details.FailURL}?ref=${ref}` : null,
    invoiceCc: type === 'Invoice' && rng.chance(0.25) ? `accounting@${merchant.domain}` : null,
    tag: demoTag(rng, coin.id) ?? (type === 'API' && rng.chance(0.1) ? rng.pick(API_TAGS) : null),
    fiatConfirmedAmount:
      isFiat && provider !== null && (status === 'paid' || status === 'underpaid')
        ? money(mulDiv(original, receivedPermille, 1000n))
        : null,
    originalAmountFee: isSettled && feeBps > 0n ? money(fee) : null,
    revenueEur: money(revenue),
    volumeEur: money(volume),
  };
  return { row, merchant, coin, inputCoin, cents };
}

/** Transactions and payouts over `days` days before `now`, their notifications, and the counters moved past them. */
export async function seedTransactions(
  db: DbOrTx,
  rng: Random,
  merchantList: readonly DemoMerchant[],
  options: {
    now: Date;
    days: number;
    txPerDay: number;
    /** Conversions left open by failures, and the stream they draw from. */
    stuck?: { conversions: readonly StuckConversion[]; rng: Random };
  },
): Promise<TransactionSeedResult> {
  const now = options.now.getTime();
  const planned = planSlots(rng, now, options.days, options.txPerDay);
  const slots = options.stuck ? withStuck(planned, options.stuck.conversions) : planned;
  const cumulative: number[] = [];
  let total = 0;
  for (const m of merchantList) {
    total += m.activity;
    cumulative.push(total);
  }
  const ctx: Context = {
    rng,
    now,
    merchants: merchantList,
    cumulative,
    total,
    nextId: { T: FIRST_TRANSACTION_ID, P: FIRST_TRANSACTION_ID },
    nextXchange: 2_400_000 + rng.int(0, 9999),
    built: [],
    stuckRng: options.stuck?.rng ?? rng.fork('stuck'),
  };
  for (const slot of slots) {
    if (slot.stuckCoinId === undefined) {
      ctx.built.push(buildRow(ctx, slot));
      continue;
    }
    const stuckCtx = { ...ctx, rng: ctx.stuckRng };
    ctx.built.push(buildRow(stuckCtx, slot));
    ctx.nextXchange = stuckCtx.nextXchange;
  }
  const rows = ctx.built.map((b) => b.row);

  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    await db.insert(transactions).values(rows.slice(i, i + BATCH_SIZE));
  }
  // Later rows (ingest, simulator) take their numbers from the sequences, after the seeded ones.
  if (ctx.nextId.T > FIRST_TRANSACTION_ID)
    await db.execute(sql`select setval('transaction_t_seq', ${ctx.nextId.T - 1})`);
  if (ctx.nextId.P > FIRST_TRANSACTION_ID)
    await db.execute(sql`select setval('transaction_p_seq', ${ctx.nextId.P - 1})`);

  const notificationRows = latestNotifications(rows, 30);
  if (notificationRows.length > 0) await db.insert(notifications).values(notificationRows);

  const byStatus = Object.fromEntries(TRANSACTION_STATUSES.map((s) => [s, 0])) as Record<
    TransactionStatus,
    number
  >;
  for (const row of rows) byStatus[row.status as TransactionStatus] += 1;
  const payouts = rows.filter((r) => r.prefix === 'P').length;
  return { transactions: rows.length - payouts, payouts, notifications: notificationRows.length, byStatus };
}

function latestNotifications(
  rows: ReadonlyArray<Built['row']>,
  count: number,
): Array<typeof notifications.$inferInsert> {
  const events: Array<typeof notifications.$inferInsert & { createdOn: Date }> = [];
  for (const row of rows) {
    const kind =
      row.status === 'paid' || row.status === 'underpaid'
        ? 'PAID'
        : row.status === 'expired'
          ? 'EXPIRED'
          : row.status === 'payout-completed'
            ? 'PAYOUT'
            : null;
    const at = kind === 'EXPIRED' ? row.expiredOn : row.confirmedOn;
    if (!kind || !at) continue;
    events.push({
      kind,
      prefix: row.prefix,
      transactionId: row.transactionId,
      message: notificationMessage(kind, row.prefix, row.transactionId),
      createdOn: at,
    });
  }
  events.sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime() || a.transactionId - b.transactionId);
  return events.slice(-count);
}
