import { z } from 'zod';
import { PG_INTEGER_MAX } from '../../common/id.schema';
import { transactionRefParam } from '../../common/params.schema';
import { auditEntrySchema } from '../../entities/audit.schema';
import { merchantListItemSchema } from '../../entities/catalog.schema';
import { providerDetailSchema } from '../../entities/provider.schema';
import { transactionSchema } from '../../entities/transaction.schema';
import {
  transactionCountParamsSchema,
  transactionCountSchema,
  transactionListParamsSchema,
  transactionListSchema,
  transactionSyncPageSchema,
  transactionSyncParamsSchema,
} from '../../entities/transaction-list.schema';
import { adminCalls, get, list, post } from '../define';

export const TRANSACTION_CALLS = adminCalls({
  /** The dashboard's transaction list (the worker endpoint SPEC §7.3 leaves unnamed). */
  ListTransactions: list('view-transactions', transactionListParamsSchema, transactionListSchema),
  /**
   * Local mode's sync (SPEC §7.3): ListTransactions' rows in its default order (newest first, by keyset),
   * answered as columns; ListTransactions keeps its rows as objects for every other caller.
   */
  SyncTransactions: get('view-transactions', transactionSyncParamsSchema, transactionSyncPageSchema),
  /** The total for the list's 'Showing a - b of n', asked beside the page so the rows never wait (ADR 0010). */
  CountTransactions: get('view-transactions', transactionCountParamsSchema, transactionCountSchema),
  /** Merchants with transactions in the range, for the dashboard's merchant picker (SPEC §7.2). */
  MerchantsListDash: get(
    'view-transactions',
    z.object({
      startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    }),
    z.array(merchantListItemSchema),
  ),
  /** One transaction by its reference, T or P plus the 9-digit id (SPEC §2.1). */
  TransactionDetail: get('view-transactions', z.object({ ID: transactionRefParam }), transactionSchema),
  /**
   * The status dialog's change (SPEC §4, §7.1). POST, not SPEC's GET: it changes state (DESIGN §2). Not Enough
   * arrives as statusID 1 with notenough 1.
   */
  TransactionStatusUpdate: post(
    'admin-commander',
    z.object({
      TransactionID: z
        .string()
        .trim()
        .regex(/^[Tt]\d{1,18}$/, 'Only payments (T) have a status to change here'),
      targetMerchant: z.coerce.number().int().positive().max(PG_INTEGER_MAX),
      statusID: z.coerce.number().pipe(z.union([z.literal(-1), z.literal(0), z.literal(1)])),
      notenough: z.coerce
        .number()
        .pipe(z.union([z.literal(0), z.literal(1)]))
        .default(0),
    }),
    transactionSchema,
  ),
  /**
   * The acquirer's record of a fiat payment (SPEC §7.1 PaymentProvider, §7.3): the provider dialog of a row.
   * `null` data means the provider has no record ('No record found!'). Admin service, not main: it needs the
   * view-transactions slug, which the admin service checks on every call.
   */
  PaymentProvider: get(
    'view-transactions',
    z.object({
      ID: z.coerce.number().int().positive(),
      Payout: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
      ProviderID: z.string().trim().min(1).max(60),
    }),
    providerDetailSchema.nullable(),
  ),
  /** The audit trail of staff changes to one transaction (issue #3: the detail screen shows it), oldest first. */
  TransactionAudit: get(
    'view-transactions',
    z.object({ ID: transactionRefParam }),
    z.array(auditEntrySchema),
  ),
  /**
   * Appends a log line to a transaction's or payout's comments (SPEC §7.1 KYCLOG): `transactionlog` with
   * TransactionID, or `payoutlog` with PayoutID. The server writes the stamp and the username.
   */
  KYCLOG: post(
    'view-transactions',
    z.union([
      z.object({
        transactionlog: z.string().trim().min(1, 'A log text is needed').max(2000),
        TransactionID: z.coerce.number().int().positive(),
      }),
      z.object({
        payoutlog: z.string().trim().min(1, 'A log text is needed').max(2000),
        PayoutID: z.coerce.number().int().positive(),
      }),
    ]),
    z.object({ result: z.string() }),
  ),
});
