import { formatTransactionRef } from '@bo/contract';
import type { Db } from '../db/database';
import { demoFailure, demoMerchantMessage } from '../db/seed/activity.seed';
import { DEMO_PROVIDERS, demoAddress, demoCoin, demoTag, paymentTypeWeights } from '../db/seed/catalog.seed';
import { formatUnits, mulDiv, RATE_SCALE, toUnits } from '../db/seed/decimal';
import { createRandom, hashSeed, type Random } from '../db/seed/random';
import { PAYMENT_WINDOW_MS } from '../db/seed/transactions.seed';
import type { NodesSandboxControls } from '../modules/coins/nodes/nodes-sandbox';
import type { IngestService } from '../modules/ingest/ingest.service';
import { feedPools, type PoolFeed } from '../modules/pools/pools.feed';
import {
  listActiveVTokens,
  listMerchants,
  listOnlineCoins,
  listOpen,
  type SimCoin,
  type SimMerchant,
} from './simulator.repository';

export interface SimulatorLogger {
  error(obj: unknown, msg?: string): void;
}

export interface SimulatorOptions {
  /** Mean pause between ticks; each pause is jittered between half and one and a half times this. */
  intervalMs: number;
  seed: number;
  now?: () => Date;
  logger?: SimulatorLogger;
  /** How long a new payment waits at least before the customer pays; default 10 ticks. */
  settleAfterMs?: number;
  /** When an unpaid payment expires; default the seed's payment window (1 hour). */
  paymentWindowMs?: number;
  /** The pools' sandbox chains: customers of paid XRP, ETH and USDT payments send their funds (ADR 0019). */
  pools?: { feed: PoolFeed; poolAccount: string };
  /** The coins' sandbox nodes (ADR 0017): hot wallets and pending counts move, fast chains hiccup. */
  nodes?: NodesSandboxControls;
  /** The platform's payout run asks for payouts now and then (ADR 0016): Pending Payouts fills. */
  payouts?: { request(input: PayoutRequestInput): Promise<unknown> };
}

/** A payout the platform asks for; no destination: where the merchant's payout schema pays. */
export interface PayoutRequestInput {
  merchantId: number;
  altCoinId: number;
  amount: string;
  destination?: string;
}

export interface Simulator {
  /** Stops the loop; resolves once a tick that is running has finished. */
  stop(): Promise<void>;
}

const MERCHANT_REFRESH_TICKS = 100;
const OPEN_ROWS_LIMIT = 500;
const EURO = 'EUR';
/** The fiat currency a payout schema pays out in; other schemas pay out in crypto. */
const FIAT_PAYOUT_CURRENCY: Readonly<Record<string, string>> = {
  'eur-bank': 'EUR',
  'bank-address-book': 'EUR',
  'usd-bank': 'USD',
  'gbp-bank': 'GBP',
  paypal: 'EUR',
  payeer: 'USD',
};
/** BTC, ETH and USDT carry most crypto payouts. */
const PAYOUT_COINS: ReadonlyArray<readonly [number, number]> = [
  [1, 5],
  [5, 2],
  [13, 2],
];
/** What a vToken is sold for, in euros: the platform's voucher values. */
const VTOKEN_VALUES = ['10.00', '25.00', '50.00', '50.00', '100.00', '100.00', '250.00', '500.00'];
// biome-ignore format: word list
const VTOKEN_HOLDERS = ['wallet:tom.jansen', 'wallet:lisa.bakker', 'wallet:mark.rossi', 'wallet:eva.novak',
  'wallet:nina.silva', 'wallet:paul.berg'];
const STABLECOINS = new Set(['USDT', 'USDC', 'DAI', 'EURC', 'USDT-TRC20']);

/** A number in [0, 1) fixed per row, so each payment's fate is decided once however often it is looked at. */
const fate = (seed: number, label: string, transactionId: number): number =>
  hashSeed(seed, label, transactionId) / 4_294_967_296;

function amountCents(rng: Random, median: number, sigma: number): bigint {
  return BigInt(Math.max(100, Math.round(median * Math.exp(rng.gaussian() * sigma) * 100)));
}

/**
 * The demo platform (DESIGN §4): on every tick a few things happen — new waiting payments, payments paid
 * (some underpaid) or expired, payouts created and settled, failures, merchant chat, rate moves. It writes
 * only through the ingest service, as a real platform feed would, and reads the database only to choose.
 */
export function startSimulator(ingest: IngestService, db: Db, options: SimulatorOptions): Simulator {
  const clock = options.now ?? (() => new Date());
  const settleAfterMs = options.settleAfterMs ?? options.intervalMs * 10;
  const windowMs = options.paymentWindowMs ?? PAYMENT_WINDOW_MS;
  // Seeded from seed and start time: varied between runs, repeatable under a fixed clock in tests.
  const rng = createRandom(hashSeed(options.seed, clock().getTime()));
  const timing = rng.fork('timing');
  let merchants: SimMerchant[] = [];
  let ticks = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const attempt = async (action: string, work: () => Promise<unknown>): Promise<void> => {
    try {
      await work();
    } catch (error) {
      options.logger?.error({ err: error, action }, 'simulator action failed');
    }
  };

  const newPayment = async (coins: readonly SimCoin[]) => {
    const open = merchants.filter((m) => !m.disableCheckout);
    const candidates = coins
      .filter((c) => c.vFiat <= 1)
      .map((c) => [c, demoCoin(c.id)?.weight || 0.2] as const);
    if (open.length === 0 || candidates.length === 0) return;
    const merchant = rng.pick(open);
    const coin = rng.weighted(candidates);
    const isFiat = coin.vFiat === 1;
    const home = merchant.country === 'US' ? 'USD' : merchant.country === 'GB' ? 'GBP' : EURO;
    const inputCurrency = isFiat
      ? coin.shortName
      : coins.some((c) => c.vFiat === 1 && c.shortName === home)
        ? home
        : EURO;
    const type = rng.weighted(paymentTypeWeights(isFiat));
    const cents =
      type === 'POS'
        ? amountCents(rng, 35, 0.8)
        : type === 'Invoice'
          ? amountCents(rng, 250, 1)
          : amountCents(rng, 80, 1);
    const reference =
      type === 'POS'
        ? `POS-${String(rng.int(1, 12)).padStart(2, '0')}-${rng.int(1000, 999_999)}`
        : `ORD-${rng.int(10_000, 9_999_999)}`;
    const hasUrls = type !== 'POS';
    await ingest.createWaitingTransaction({
      merchantId: merchant.id,
      altCoinId: coin.id,
      originalAmount: formatUnits(cents, 2),
      inputCurrency,
      transactionType: type,
      coinAddress: demoAddress(rng, demoCoin(coin.id)?.address ?? null),
      security: rng.hex(32),
      externalProvider: isFiat ? rng.pick(DEMO_PROVIDERS) : null,
      customerReference: reference,
      email: type === 'Invoice' ? `customer${rng.int(100, 99_999)}@example.com` : null,
      confirmUrl: hasUrls && merchant.confirmUrl ? `${merchant.confirmUrl}?order=${reference}` : null,
      failUrl: hasUrls && merchant.failUrl ? `${merchant.failUrl}?order=${reference}` : null,
      tag: demoTag(rng, coin.id),
    });
  };

  const settlePayments = async (now: number) => {
    const waiting = await listOpen(db, 'T', 'waiting', new Date(now - settleAfterMs), OPEN_ROWS_LIMIT);
    for (const row of waiting) {
      const ref = formatTransactionRef('T', row.transactionId);
      const age = now - row.createdOn.getTime();
      const outcome = fate(options.seed, 'pay', row.transactionId);
      const delay = settleAfterMs * (1 + 4 * fate(options.seed, 'delay', row.transactionId));
      if (outcome < 0.76 && age >= delay && age < windowMs) {
        await attempt('markPaid', () => ingest.markPaid(ref, { underpaid: outcome >= 0.7 }));
      } else if (age >= windowMs) {
        await attempt('markExpired', () => ingest.markExpired(ref));
      }
    }
  };

  const newPayout = async (coins: readonly SimCoin[]) => {
    const open = merchants.filter((m) => !m.disablePayout);
    if (open.length === 0) return;
    const merchant = rng.pick(open);
    const fiat = FIAT_PAYOUT_CURRENCY[merchant.payoutSchema];
    const cryptoId = rng.weighted(PAYOUT_COINS);
    const coin = coins.find((c) => (fiat ? c.vFiat === 1 && c.shortName === fiat : c.id === cryptoId));
    if (!coin) return;
    await ingest.createPayout({
      merchantId: merchant.id,
      altCoinId: coin.id,
      originalAmount: formatUnits(amountCents(rng, 1200, 1), 2),
      inputCurrency: fiat ?? EURO,
      coinAddress: demoAddress(rng, demoCoin(coin.id)?.address ?? null),
      security: rng.hex(32),
      externalProvider:
        merchant.payoutSchema.endsWith('bank') || merchant.payoutSchema === 'bank-address-book'
          ? 'BankLink'
          : null,
      customerReference: `PO-${new Date(clock()).toISOString().slice(0, 10).replace(/-/g, '')}-${rng.int(1000, 9999)}`,
      email: merchant.email,
    });
  };

  const settlePayouts = async (now: number) => {
    const pending = await listOpen(db, 'P', 'payout-pending', new Date(now - settleAfterMs), OPEN_ROWS_LIMIT);
    for (const row of pending) {
      const delay = settleAfterMs * (2 + 6 * fate(options.seed, 'payout-delay', row.transactionId));
      if (now - row.createdOn.getTime() < delay) continue;
      const ref = formatTransactionRef('P', row.transactionId);
      if (fate(options.seed, 'payout', row.transactionId) < 0.9)
        await attempt('completePayout', () => ingest.completePayout(ref));
      else await attempt('cancelPayout', () => ingest.cancelPayout(ref));
    }
  };

  /** A vToken sold: paid at once, its voucher made by the database (ADR 0018). */
  const newVToken = async (coins: readonly SimCoin[]) => {
    const open = merchants.filter((m) => !m.disableCheckout);
    const crypto = coins.filter((c) => c.vFiat === 0);
    if (open.length === 0 || crypto.length === 0) return;
    const coin = rng.pick(crypto);
    await ingest.createVToken({
      merchantId: rng.pick(open).id,
      altCoinId: coin.id,
      originalAmount: rng.pick(VTOKEN_VALUES),
      inputCurrency: EURO,
      coinAddress: demoAddress(rng, demoCoin(coin.id)?.address ?? null),
      security: rng.hex(32),
    });
  };

  /** About half of the vTokens are redeemed by their holder a while after the sale; the rest stay active. */
  const claimVTokens = async (now: number) => {
    const active = await listActiveVTokens(db, new Date(now - settleAfterMs), OPEN_ROWS_LIMIT);
    for (const row of active) {
      if (fate(options.seed, 'vtoken', row.transactionId) >= 0.5) continue;
      const delay = settleAfterMs * (2 + 10 * fate(options.seed, 'vtoken-delay', row.transactionId));
      if (now - row.createdOn.getTime() < delay) continue;
      const holder = VTOKEN_HOLDERS[row.transactionId % VTOKEN_HOLDERS.length] ?? 'wallet:unknown';
      await attempt('claimVToken', () =>
        ingest.claimVToken(formatTransactionRef('T', row.transactionId), holder),
      );
    }
  };

  const driftRates = async (coins: readonly SimCoin[]) => {
    const movable = coins.filter((c) => c.shortName !== EURO);
    for (let i = 0; i < Math.min(2, movable.length); i++) {
      const coin = rng.pick(movable);
      const current = toUnits(coin.eur, RATE_SCALE);
      const sigmaPpm = STABLECOINS.has(coin.shortName) ? 100 : coin.vFiat === 0 ? 2000 : 300;
      const noise = mulDiv(current, BigInt(Math.round(rng.gaussian() * sigmaPpm)), 1_000_000n);
      // Pulled gently back to the seeded price, so a demo left running for weeks stays believable.
      const anchor = demoCoin(coin.id);
      const pull = anchor ? mulDiv(toUnits(anchor.eur, RATE_SCALE) - current, 1n, 50n) : 0n;
      const next = current + noise + pull;
      if (next > 0n)
        await attempt('updateRate', () => ingest.updateRate(coin.id, formatUnits(next, RATE_SCALE)));
    }
  };

  /**
   * The platform's payout run: a merchant's balance paid out, worth about 900 EUR (so about half wait for a
   * second approver above the four-eyes amount), to where its schema pays, or to a demo address when its
   * record names none.
   */
  const newPayoutRequest = async (
    coins: readonly SimCoin[],
    payoutRequests: NonNullable<SimulatorOptions['payouts']>,
  ) => {
    const open = merchants.filter((m) => !m.disablePayout && m.payoutSchema !== 'keep');
    if (open.length === 0) return;
    const merchant = rng.pick(open);
    const fiat = FIAT_PAYOUT_CURRENCY[merchant.payoutSchema];
    const cryptoId = rng.weighted(PAYOUT_COINS);
    const coin = coins.find((c) => (fiat ? c.vFiat === 1 && c.shortName === fiat : c.id === cryptoId));
    if (!coin || Number(coin.eur) <= 0) return;
    const eurCents = amountCents(rng, 900, 0.9);
    const units = mulDiv(eurCents * 1_000_000n, 10n ** BigInt(RATE_SCALE), toUnits(coin.eur, RATE_SCALE));
    if (units <= 0n) return;
    const input = { merchantId: merchant.id, altCoinId: coin.id, amount: formatUnits(units, 8) };
    try {
      await payoutRequests.request(input);
    } catch {
      // A record that pays nowhere yet: the run pays to the merchant's demo address instead.
      const shape = demoCoin(coin.id)?.address ?? null;
      await payoutRequests.request({
        ...input,
        destination: shape
          ? demoAddress(rng, shape)
          : `NL${rng.int(10, 99)}DEMO0${rng.int(100_000_000, 999_999_999)}`,
      });
    }
  };

  const tick = async () => {
    const now = clock().getTime();
    if (ticks % MERCHANT_REFRESH_TICKS === 0 || merchants.length === 0) merchants = await listMerchants(db);
    ticks += 1;
    const coins = await listOnlineCoins(db);
    const arrivals = rng.weighted([
      [0, 5],
      [1, 4],
      [2, 1],
    ]);
    for (let i = 0; i < arrivals; i++) await attempt('createWaitingTransaction', () => newPayment(coins));
    await settlePayments(now);
    if (rng.chance(0.05)) await attempt('createPayout', () => newPayout(coins));
    await settlePayouts(now);
    if (rng.chance(0.06)) await attempt('createVToken', () => newVToken(coins));
    await claimVTokens(now);
    if (rng.chance(0.02)) await attempt('recordFailure', () => ingest.recordFailure(demoFailure(rng)));
    if (rng.chance(0.02) && merchants.length > 0) {
      const merchant = rng.pick(merchants);
      await attempt('receiveChatMessage', () =>
        ingest.receiveChatMessage(merchant.id, demoMerchantMessage(rng)),
      );
    }
    const payoutRequests = options.payouts;
    if (payoutRequests && rng.chance(0.04))
      await attempt('requestPayout', () => newPayoutRequest(coins, payoutRequests));
    await driftRates(coins);
    const { nodes } = options;
    if (nodes && rng.chance(0.25))
      await attempt('wanderNodes', () =>
        nodes.wander(
          coins.filter((c) => c.vFiat === 0).map((c) => c.id),
          () => rng.next(),
        ),
      );
    const { pools } = options;
    if (pools)
      await attempt('feedPools', () => feedPools(pools.feed, db, new Date(now), rng, pools.poolAccount));
  };

  const schedule = () => {
    if (stopped) return;
    const delay = Math.max(1, Math.round(options.intervalMs * (0.5 + timing.next())));
    timer = setTimeout(run, delay);
    // The server's listener keeps the process alive; the simulator alone should not.
    timer.unref();
  };

  function run() {
    running = tick()
      .catch((error: unknown) => options.logger?.error({ err: error }, 'simulator tick failed'))
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
