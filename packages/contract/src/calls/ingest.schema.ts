import { z } from 'zod';
import { PG_INTEGER_MAX } from '../common/id.schema';
import { PAYOUT_STATES } from '../entities/payout.schema';
import { providerDetailSchema } from '../entities/provider.schema';
import { CHAT_MESSAGE_ERROR, CHAT_MESSAGE_MAX_LENGTH, validateChatMessage } from '../rules/chat-message.rule';

/**
 * The platform feed (DESIGN §4): how the payment platform tells the back-office what happened. Server to
 * server, authenticated by a bearer token of the deployment (INGEST_TOKEN); off when none is set. The demo
 * simulator uses the same ingest module in-process.
 */
export const INGEST_PREFIX = '/api/ingest';

const amount = z.string().regex(/^\d{1,22}(\.\d{1,8})?$/, 'Use a decimal amount with at most 8 decimals');
const optionalText = (max: number) => z.string().trim().min(1).max(max).nullable().optional();

export const ingestWaitingTransactionSchema = z.object({
  merchantId: z.number().int().positive().max(PG_INTEGER_MAX),
  altCoinId: z.number().int().positive().max(PG_INTEGER_MAX),
  originalAmount: amount,
  inputCurrency: z.string().trim().min(2).max(10),
  coinAddress: z.string().trim().min(1).max(128),
  transactionType: z.string().trim().min(1).max(40),
  amount: amount.optional(),
  security: z.string().trim().min(8).max(128).optional(),
  externalProvider: optionalText(60),
  customerReference: optionalText(128),
  // An address is at most 254 characters (RFC 5321); the column is also a key of B-tree indexes, whose rows
  // have a size limit.
  email: z.email().max(254).nullable().optional(),
  confirmUrl: z.url().nullable().optional(),
  failUrl: z.url().nullable().optional(),
  invoiceCc: optionalText(200),
  tag: optionalText(60),
  xchangeId: z.number().int().positive().nullable().optional(),
  masterTransactionId: z.number().int().positive().nullable().optional(),
});
export type IngestWaitingTransaction = z.infer<typeof ingestWaitingTransactionSchema>;

export const ingestPaidSchema = z.object({ underpaid: z.boolean().default(false) });

/** A vToken sold (ADR 0018): a payment settled at once; the back-office makes its vToken with it. */
export const ingestVTokenSaleSchema = ingestWaitingTransactionSchema.pick({
  merchantId: true,
  altCoinId: true,
  originalAmount: true,
  inputCurrency: true,
  coinAddress: true,
  amount: true,
  security: true,
});

/** A vToken redeemed by its holder (a wallet or account of the platform). */
export const ingestVTokenClaimSchema = z.object({ holder: z.string().trim().min(1).max(120) });

export const ingestFailureSchema = z.object({
  altCoinId: z.number().int().positive().max(PG_INTEGER_MAX),
  failure: z.string().trim().min(1).max(2000),
  address: z.string().trim().min(1).max(128),
  notes: optionalText(2000),
  sticky: z.boolean().optional(),
});

/** A merchant's message to support (SPEC §2.7), as the platform relays it from the merchant's side. */
export const ingestChatMessageSchema = z.object({
  merchantId: z.number().int().positive().max(PG_INTEGER_MAX),
  message: z
    .string()
    .max(CHAT_MESSAGE_MAX_LENGTH, `A message can have at most ${CHAT_MESSAGE_MAX_LENGTH} characters`)
    .refine((text) => validateChatMessage(text) === null, CHAT_MESSAGE_ERROR),
});

/** What the feed answers for a transaction change: its reference and status now. */
export const ingestTransactionAnswerSchema = z.object({ ref: z.string(), status: z.string() });

/** An acquirer's record of a fiat payment (SPEC §3 provider fields), as the platform relays it. */
export const ingestProviderPaymentSchema = z.object({
  prefix: z.enum(['T', 'P']),
  transactionId: z.number().int().positive(),
  provider: z.string().trim().min(1).max(60),
  customerReference: z.string().trim().min(1).max(128).nullable().optional(),
  details: providerDetailSchema,
});

/**
 * A payout the platform's payout run asks for (ADR 0016): it follows the four-eyes rule as a staff request
 * does (above PAYOUT_FOUR_EYES_EUR it waits for a staff member's approval). No destination: where the
 * merchant's payout schema pays.
 */
export const ingestPayoutRequestSchema = z.object({
  merchantId: z.number().int().positive().max(PG_INTEGER_MAX),
  altCoinId: z.number().int().positive().max(PG_INTEGER_MAX),
  amount: z
    .string()
    .regex(/^\d{1,18}(\.\d{1,8})?$/, 'Use a decimal amount with at most 8 decimals')
    .refine((v) => Number(v) > 0, 'The amount must be more than zero'),
  destination: z.string().trim().min(4).max(200).optional(),
});
export const ingestPayoutAnswerSchema = z.object({
  id: z.number().int().positive(),
  state: z.enum(PAYOUT_STATES),
});
