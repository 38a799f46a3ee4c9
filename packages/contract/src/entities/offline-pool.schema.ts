import { z } from 'zod';
import { decimalString } from '../common/envelope.schema';
import { altCoinSchema, failureCauseSchema } from './catalog.schema';
import { type TransactionStatus, transactionSchema } from './transaction.schema';

/**
 * Statuses of a transaction that is not settled: the grey and yellow badges of SPEC §4 (waiting, or paid
 * but awaiting a decision, a payout or a position's end). A transaction with an XChangeID in one of these
 * is an open xChange transaction, listed by the XChange Offline Pool (docs/adr/0008).
 */
export const OPEN_XCHANGE_STATUSES = [
  'waiting',
  'underpaid',
  'payout-pending',
  'ltr-open',
  'vtoken-active',
] as const satisfies readonly TransactionStatus[];

export const OFFLINE_POOL_PAGE_SIZE = 15;

/** One open xChange transaction of the pool; amounts as on the transaction row, the value in EUR. */
export const offlinePoolRowSchema = transactionSchema
  .pick({
    ID: true,
    TransactionID: true,
    Prefix: true,
    MerchantID: true,
    ShopTitle: true,
    OriginalAmount: true,
    InputCurrency: true,
    Amount: true,
    CoinName: true,
    AltCoinID: true,
    Status: true,
    NotEnough: true,
    TransactionType: true,
    CoinAddress: true,
    CreatedOn: true,
    Date: true,
  })
  .extend({
    XChangeID: z.number().int(),
    /** Amount × the coin's EUR rate, rounded to cents; null without a rate. */
    AmountEUR: decimalString.nullable(),
  });
export type OfflinePoolRow = z.infer<typeof offlinePoolRowSchema>;

export const offlinePoolSchema = z.object({
  Coin: altCoinSchema,
  /** The failure record the screen was opened for (query `id`), or null. */
  Failure: failureCauseSchema.nullable(),
  records: z.array(offlinePoolRowSchema),
  /** Over every open xChange transaction of the coin, not only this page. */
  totals: z.object({
    Count: z.number().int(),
    Amount: decimalString,
    AmountEUR: decimalString.nullable(),
  }),
  meta: z.object({
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
    page: z.number().int(),
  }),
});
export type OfflinePool = z.infer<typeof offlinePoolSchema>;
