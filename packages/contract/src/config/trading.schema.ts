import { z } from 'zod';
import { configField, decimalText } from './config-field';

export const TRADING_VENUES = ['internal', 'kucoin'] as const;
export const TRADING_VENUE_LABELS = ['Internal', 'KuCoin'] as const;
export const HEDGE_MODES = ['none', 'immediate', 'batched'] as const;

export const TRADING_MESSAGES = {
  venueTwice: (venue: string) => `${venue} is listed twice`,
  noVenue: 'Enable at least one venue',
  priority: 'Priority must be a whole number between 1 and 10',
  samePriority: (priority: number) => `Two venues cannot share priority ${priority}`,
  symbol: 'Write the pair as BASE-QUOTE in capitals, e.g. BTC-EUR',
  pairTwice: (symbol: string) => `${symbol} is listed twice`,
  venueOff: (venue: string) => `${venue} is not an enabled venue`,
  minBelowMax: 'Minimum must be below maximum',
  amount: 'Use a decimal amount with at most 8 decimals',
  aboveZero: 'Must be above 0, with at most 8 decimals',
  markup: 'Markup must be between 0 and 1000 basis points',
  slippage: 'Slippage must be between 0 and 1000 basis points',
  exposure: 'The exposure must be an amount in EUR, at most 2 decimals',
  deviation: 'Deviation must be between 0.5 and 50 percent, at most 2 decimals',
  stale: 'A quote goes stale after 1 to 3600 seconds',
} as const;

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const positive = (message: string) => decimalText(8, 0, null, message).refine((v) => Number(v) > 0, message);

export const tradingVenueRowSchema = z.object({
  venue: configField(z.enum(TRADING_VENUES, 'Choose a venue'), {
    label: 'Venue',
    group: 'Venues',
    options: TRADING_VENUE_LABELS,
  }),
  enabled: configField(z.boolean(), { label: 'Enabled', group: 'Venues' }),
  priority: configField(whole(1, 10, TRADING_MESSAGES.priority), { label: 'Priority', group: 'Venues' }),
});

export const tradingPairRowSchema = z
  .object({
    symbol: configField(
      z
        .string({ error: TRADING_MESSAGES.symbol })
        .trim()
        .regex(/^[A-Z0-9]{2,10}-[A-Z0-9]{2,10}$/, TRADING_MESSAGES.symbol),
      { label: 'Symbol', group: 'Pairs' },
    ),
    enabled: configField(z.boolean(), { label: 'Enabled', group: 'Pairs' }),
    venue: configField(z.enum(TRADING_VENUES, 'Choose a venue'), {
      label: 'Venue',
      group: 'Pairs',
      options: TRADING_VENUE_LABELS,
    }),
    minOrder: configField(decimalText(8, 0, null, TRADING_MESSAGES.amount), {
      label: 'Min order',
      group: 'Pairs',
      decimals: 8,
    }),
    maxOrder: configField(decimalText(8, 0, null, TRADING_MESSAGES.amount), {
      label: 'Max order',
      group: 'Pairs',
      decimals: 8,
    }),
    priceTick: configField(positive(TRADING_MESSAGES.aboveZero), {
      label: 'Price tick',
      group: 'Pairs',
      decimals: 8,
    }),
    qtyStep: configField(positive(TRADING_MESSAGES.aboveZero), {
      label: 'Qty step',
      group: 'Pairs',
      decimals: 8,
    }),
    customerMarkupBps: configField(whole(0, 1000, TRADING_MESSAGES.markup), {
      label: 'Markup (bps)',
      group: 'Pairs',
    }),
    maxSlippageBps: configField(whole(0, 1000, TRADING_MESSAGES.slippage), {
      label: 'Slippage (bps)',
      group: 'Pairs',
    }),
    hedgeMode: configField(z.enum(HEDGE_MODES, 'Choose a hedge mode'), {
      label: 'Hedge',
      group: 'Pairs',
      options: ['None', 'Immediate', 'Batched'],
    }),
    maxOpenExposureEur: configField(decimalText(2, 0, null, TRADING_MESSAGES.exposure), {
      label: 'Max exposure (EUR)',
      group: 'Pairs',
      decimals: 2,
    }),
  })
  .refine((row) => Number(row.minOrder) < Number(row.maxOrder), {
    message: TRADING_MESSAGES.minBelowMax,
    path: ['maxOrder'],
  });

const venueLabel = (v: (typeof TRADING_VENUES)[number]) => (v === 'kucoin' ? 'KuCoin' : 'Internal exchange');

/**
 * Trading Config (`trading`): the venues the platform trades on to convert and hedge, its pairs with their
 * sizes and markups, and the circuit breaker (brief B "trading-config").
 */
export const tradingConfigSchema = z
  .object({
    venues: configField(z.array(tradingVenueRowSchema).max(2, 'At most 2 venues'), {
      label: 'Venues',
      group: 'Venues',
      help: 'Where conversions and hedges are placed; priority 1 is tried first.',
    }),
    pairs: configField(z.array(tradingPairRowSchema).max(100, 'At most 100 pairs'), {
      label: 'Pairs',
      group: 'Pairs',
      help: 'Order sizes are in the base coin; the markup is added to the customer price.',
    }),
    haltIfDeviationPct: configField(decimalText(2, 0.5, 50, TRADING_MESSAGES.deviation), {
      label: 'Halt if deviation above (%)',
      group: 'Circuit breaker',
      decimals: 2,
      help: 'Trading stops when a venue price is this far from the reference rate.',
      dangerous: true,
    }),
    staleQuoteSec: configField(whole(1, 3600, TRADING_MESSAGES.stale), {
      label: 'Quote stale after (s)',
      group: 'Circuit breaker',
      help: 'A venue quote older than this is not traded on.',
    }),
  })
  .superRefine((v, ctx) => {
    const venues = new Set<string>();
    const priorities = new Set<number>();
    v.venues.forEach((row, i) => {
      if (venues.has(row.venue))
        ctx.addIssue({
          code: 'custom',
          message: TRADING_MESSAGES.venueTwice(venueLabel(row.venue)),
          path: ['venues', i, 'venue'],
        });
      venues.add(row.venue);
      if (row.enabled && priorities.has(row.priority))
        ctx.addIssue({
          code: 'custom',
          message: TRADING_MESSAGES.samePriority(row.priority),
          path: ['venues', i, 'priority'],
        });
      if (row.enabled) priorities.add(row.priority);
    });
    const enabled = new Set(v.venues.filter((r) => r.enabled).map((r) => r.venue));
    if (enabled.size === 0)
      ctx.addIssue({ code: 'custom', message: TRADING_MESSAGES.noVenue, path: ['venues'] });
    const symbols = new Set<string>();
    v.pairs.forEach((row, i) => {
      if (symbols.has(row.symbol))
        ctx.addIssue({
          code: 'custom',
          message: TRADING_MESSAGES.pairTwice(row.symbol),
          path: ['pairs', i, 'symbol'],
        });
      symbols.add(row.symbol);
      if (row.enabled && enabled.size > 0 && !enabled.has(row.venue))
        ctx.addIssue({
          code: 'custom',
          message: TRADING_MESSAGES.venueOff(venueLabel(row.venue)),
          path: ['pairs', i, 'venue'],
        });
    });
  });
export type TradingConfig = z.infer<typeof tradingConfigSchema>;
export type TradingPair = z.infer<typeof tradingPairRowSchema>;

const pair = (symbol: string, minOrder: string, maxOrder: string, priceTick: string): TradingPair => ({
  symbol,
  enabled: true,
  venue: 'internal',
  minOrder,
  maxOrder,
  priceTick,
  qtyStep: '0.00000001',
  customerMarkupBps: 50,
  maxSlippageBps: 30,
  hedgeMode: 'batched',
  maxOpenExposureEur: '50000.00',
});

export const TRADING_CONFIG_DEFAULTS: TradingConfig = {
  venues: [
    { venue: 'internal', enabled: true, priority: 1 },
    { venue: 'kucoin', enabled: false, priority: 2 },
  ],
  pairs: [pair('BTC-EUR', '0.0001', '5', '0.01'), pair('ETH-EUR', '0.001', '100', '0.01')],
  haltIfDeviationPct: '2.00',
  staleQuoteSec: 30,
};
