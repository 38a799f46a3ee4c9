import { z } from 'zod';
import { idParam } from '../../common/params.schema';
import {
  ETHER_POOL_PAGE_SIZE,
  ETHER_POOL_VIEWS,
  EVM_TOKEN_NAMES,
  etherPoolSchema,
  poolActionResultSchema,
  sweepAllResultSchema,
  XRP_PAYMENT_STATUSES,
  XRP_POOL_PAGE_SIZE,
  XRP_POOL_VIEWS,
  xrpPaymentRowSchema,
  xrpPoolSchema,
} from '../../entities/pools.schema';
import { adminCalls, list, pageParams, post } from '../define';

const paymentId = idParam('The payment id');
const depositId = idParam('The deposit address id');

/** A payment reference as staff type it: T and the transaction id, padded or not. */
const paymentRef = z
  .string({ error: 'The transaction is missing' })
  .trim()
  .regex(/^[Tt]\d{1,18}$/, 'Use T followed by the transaction id, e.g. T000001234');

/** A classic XRP Ledger address: r and 24–34 base58 characters. */
const xrpAddress = z
  .string({ error: 'The address is missing' })
  .trim()
  .regex(
    /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
    'The address must be an XRP address (r followed by 24–34 characters)',
  );

/**
 * Pooling (SPEC §2.1 `transaction-xrp-pool`, `transaction-ether-pool`), admin-commander, docs/adr/0019: the
 * inbound payments and deposit addresses of the two chains, and the manual sweeps and fixes staff make. A
 * sweep runs once however often it is asked for: a repeat is refused (409) with what became of the first.
 */
export const POOL_CALLS = adminCalls({
  /**
   * The XRP Pool: the pool's figures and one page of inbound payments, newest first; view `attention`
   * (default) lists the unmatched and underpaid ones, `all` every one; `status` narrows to one status.
   */
  XrpPool: list(
    'admin-commander',
    z.object({
      view: z.enum(XRP_POOL_VIEWS, 'The view must be attention or all').default('attention'),
      status: z
        .enum(XRP_PAYMENT_STATUSES, `The status must be one of ${XRP_PAYMENT_STATUSES.join(', ')}`)
        .optional(),
      ...pageParams(['ReceivedOn'] as const, { pageSize: XRP_POOL_PAGE_SIZE }),
    }),
    xrpPoolSchema,
  ),
  /**
   * Assigns an unmatched or underpaid XRP payment to a T transaction: the transaction must be in XRP and
   * waiting or underpaid; it becomes paid when the payment covers its amount, else underpaid.
   */
  AssignXrpPayment: post(
    'admin-commander',
    z.object({ ID: paymentId, Transaction: paymentRef }),
    xrpPaymentRowSchema,
  ),
  /** Sweeps a deposit account's XRP above its reserve to the hot wallet. */
  SweepXrpAccount: post('admin-commander', z.object({ Address: xrpAddress }), poolActionResultSchema),
  /**
   * The Ether Pool: the hot wallet, gas keeper and gas price, and one page of deposit addresses, most
   * recently changed first; view `to-sweep` (default) lists those with something to sweep.
   */
  EtherPool: list(
    'admin-commander',
    z.object({
      view: z
        .enum(ETHER_POOL_VIEWS, `The view must be one of ${ETHER_POOL_VIEWS.join(', ')}`)
        .default('to-sweep'),
      token: z.enum(EVM_TOKEN_NAMES, `The token must be one of ${EVM_TOKEN_NAMES.join(', ')}`).optional(),
      ...pageParams(['UpdatedOn'] as const, { pageSize: ETHER_POOL_PAGE_SIZE }),
    }),
    etherPoolSchema,
  ),
  /** Sweeps a deposit address to the hot wallet now, topping up its gas first when it holds an ERC-20 token. */
  SweepEtherAddress: post('admin-commander', z.object({ ID: depositId }), poolActionResultSchema),
  /** Sends an ERC-20 deposit address the ETH its sweep needs, from the gas keeper. */
  TopUpEtherGas: post('admin-commander', z.object({ ID: depositId }), poolActionResultSchema),
  /** Marks an address whose balance is not worth its gas as dust: it leaves the list to sweep. */
  MarkEtherDust: post('admin-commander', z.object({ ID: depositId }), poolActionResultSchema),
  /** Sweeps every address at or above its token's minimum (up to SWEEP_ALL_LIMIT per click). */
  SweepAllEther: post(
    'admin-commander',
    z.object({
      token: z.enum(EVM_TOKEN_NAMES, `The token must be one of ${EVM_TOKEN_NAMES.join(', ')}`).optional(),
    }),
    sweepAllResultSchema,
  ),
});
