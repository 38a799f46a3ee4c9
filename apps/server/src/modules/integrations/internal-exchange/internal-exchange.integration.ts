import type { TradingPair } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db/database';
import type { HttpTransport, IntegrationDef } from '../integration';

/** Half the fake's spread, and how far its mid may sit from the reference (per symbol, deterministic). */
const HALF_SPREAD = 0.0001;
const MAX_SKEW_BP = 8;

/** The reference rate of BASE-QUOTE from the `rates` table (EUR per coin), as numeric text; null if unknown. */
async function referenceRate(db: Db, symbol: string, scale = 12): Promise<string | null> {
  const [base, quote] = symbol.split('-');
  if (!base || !quote) return null;
  const rate = (shortName: string) => sql`(
    select r.eur from rates r join alt_coins c on c.id = r.alt_coin_id
    where upper(c.short_name) = ${shortName} and r.eur > 0
    order by c.is_online desc, c.id limit 1)`;
  const result = (await db.execute(
    sql`select round(${rate(base)} / ${rate(quote)}, ${scale})::text as ref`,
  )) as unknown as { rows: Array<{ ref: string | null }> };
  const rows = result.rows;
  return rows[0]?.ref ?? null;
}

/** A symbol's fixed skew in basis points, −8…+8: the fake's book is near the reference but not on it. */
const skewBp = (symbol: string) => {
  let h = 0;
  for (const ch of symbol) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  return (h % (2 * MAX_SKEW_BP + 1)) - MAX_SKEW_BP;
};

/** The internal exchange's order book in-process: the best bid and ask around the `rates` table. */
const fakeOf =
  (db: Db): FastifyPluginAsync<{ now: () => Date }> =>
  async (app, { now }) => {
    app.get('/api/v1/market/orderbook/level1', async (request, reply) => {
      const symbol = String((request.query as { symbol?: unknown }).symbol ?? '').toUpperCase();
      const ref = /^[A-Z0-9]{2,10}-[A-Z0-9]{2,10}$/.test(symbol) ? await referenceRate(db, symbol) : null;
      if (!ref) return reply.status(404).send({ code: '400100', msg: `No market ${symbol}` });
      const mid = Number(ref) * (1 + skewBp(symbol) / 10_000);
      return {
        code: '200000',
        data: {
          symbol,
          bestBid: (mid * (1 - HALF_SPREAD)).toPrecision(12),
          bestAsk: (mid * (1 + HALF_SPREAD)).toPrecision(12),
          time: now().getTime(),
        },
      };
    });
  };

/** A price at the pair's tick, grouped as staff read it: 61230.1 at tick 0.01 → "61,230.10". */
export function formatPrice(value: number, tick: string): string {
  const decimals = Math.min(8, Math.max(2, (tick.split('.')[1] ?? '').replace(/0+$/, '').length));
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

async function topOfBook(http: HttpTransport, symbol: string) {
  const res = await http({
    method: 'GET',
    path: `/api/v1/market/orderbook/level1?symbol=${encodeURIComponent(symbol)}`,
  });
  if (res.status !== 200) return null;
  const body = JSON.parse(res.body) as { data?: { bestBid: string; bestAsk: string } };
  return body.data ? { bid: Number(body.data.bestBid), ask: Number(body.data.bestAsk) } : null;
}

/**
 * The platform's own exchange as Trading Config's venue `internal` (brief B "trading-config"): Test connection
 * reads the top of book of every enabled internal pair and its deviation from the reference rate. KuCoin's
 * pairs are read by the KuCoin integration once it exists. No real endpoint yet: real mode says so.
 */
export function createInternalExchangeIntegration(db: Db): IntegrationDef {
  return {
    service: 'internal-exchange',
    ns: 'trading',
    fake: fakeOf(db),
    badge: (_values, mode) => (mode === 'fake' ? 'FAKE' : 'LIVE'),
    async test({ values }, http) {
      const pairs = ((values.pairs ?? []) as TradingPair[]).filter((p) => p.enabled);
      const internal = pairs.filter((p) => p.venue === 'internal');
      const breaker = Number(values.haltIfDeviationPct ?? 50);
      if (internal.length === 0)
        return { ok: false, message: 'No enabled pair on the internal exchange to read a book for' };
      const lines: string[] = [];
      let ok = true;
      for (const pair of internal) {
        const [top, ref] = await Promise.all([topOfBook(http, pair.symbol), referenceRate(db, pair.symbol)]);
        if (!top) {
          ok = false;
          lines.push(`${pair.symbol} has no book on the internal exchange`);
          continue;
        }
        const deviation = ref ? (Math.abs((top.bid + top.ask) / 2 - Number(ref)) / Number(ref)) * 100 : null;
        if (deviation !== null && deviation > breaker) ok = false;
        lines.push(
          `${pair.symbol} bid ${formatPrice(top.bid, pair.priceTick)} / ask ${formatPrice(top.ask, pair.priceTick)}, ${
            deviation === null ? 'no reference rate' : `deviation from reference ${deviation.toFixed(2)} %`
          }${deviation !== null && deviation > breaker ? ` (above the ${breaker} % breaker)` : ''}`,
        );
      }
      const onKucoin = pairs.length - internal.length;
      if (onKucoin > 0)
        lines.push(
          `${onKucoin} KuCoin pair${onKucoin === 1 ? '' : 's'} not read (KuCoin's book is not connected yet)`,
        );
      return { ok, message: lines.join(' · ') };
    },
  };
}
