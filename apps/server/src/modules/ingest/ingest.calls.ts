import { createHash, timingSafeEqual } from 'node:crypto';
import {
  formatTransactionRef,
  INGEST_PREFIX,
  ingestChatMessageSchema,
  ingestFailureSchema,
  ingestPaidSchema,
  ingestPayoutRequestSchema,
  ingestProviderPaymentSchema,
  ingestVTokenClaimSchema,
  ingestVTokenSaleSchema,
  ingestWaitingTransactionSchema,
  MESSAGES,
  type PayoutState,
  providerKindOf,
} from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { ApiError, unauthorized } from '../../plugins/errors';
import { upsertProviderPayment } from '../providers/providers.repository';
import { IngestError, type IngestService, type TransactionRow } from './ingest.service';

export interface PayoutRequestInput {
  merchantId: number;
  altCoinId: number;
  amount: string;
  destination?: string | undefined;
}

const ok = <D>(data: D) => ({ status_code: 200, message: MESSAGES.ok, data });
const refParams = z.object({ ref: z.string().regex(/^[TPtp]\d{1,18}$/, 'Use T or P followed by the id') });

const HTTP_OF: Record<IngestError['code'], number> = {
  invalid_input: 400,
  not_found: 404,
  invalid_state: 409,
};

// Hashing both sides first makes the comparison constant-time whatever the lengths.
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The platform feed over HTTP (contract `INGEST_PREFIX`): the payment platform reports new payments, their
 * payment or expiry, vToken sales and claims, payout requests, failures, and merchants' chat messages. Bearer-token authenticated; CSRF does not apply (no cookie is used).
 */
export function registerIngestRoutes(
  app: FastifyInstance,
  deps: {
    token: string;
    ingest: IngestService;
    db: Db;
    now: () => Date;
    /** The payouts' service: the platform's payout run asks through it (ADR 0016). */
    payouts?: { request(input: PayoutRequestInput): Promise<{ id: number; state: PayoutState }> };
  },
) {
  const expected = digest(deps.token);
  const authenticate = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!given || !timingSafeEqual(digest(given), expected)) throw unauthorized();
  };
  /** Runs a feed step; the ingest module's refusals become the envelope's 400 / 404 / 409. */
  const answer = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof IngestError) throw new ApiError(HTTP_OF[error.code], error.message);
      throw error;
    }
  };
  const run = async (work: () => Promise<TransactionRow>) => {
    const row = await answer(work);
    return ok({ ref: formatTransactionRef(row.prefix, row.transactionId), status: row.status });
  };

  app.register(
    async (feed) => {
      feed.addHook('onRequest', authenticate);
      feed.post('/transactions', async (request) =>
        run(() => deps.ingest.createWaitingTransaction(ingestWaitingTransactionSchema.parse(request.body))),
      );
      feed.post('/transactions/:ref/paid', async (request) => {
        const { ref } = refParams.parse(request.params);
        const { underpaid } = ingestPaidSchema.parse(request.body ?? {});
        return run(() => deps.ingest.markPaid(ref.toUpperCase(), { underpaid }));
      });
      feed.post('/transactions/:ref/expired', async (request) => {
        const { ref } = refParams.parse(request.params);
        return run(() => deps.ingest.markExpired(ref.toUpperCase()));
      });
      feed.post('/vtokens', async (request) =>
        run(() => deps.ingest.createVToken(ingestVTokenSaleSchema.parse(request.body))),
      );
      feed.post('/transactions/:ref/vtoken-claimed', async (request) => {
        const { ref } = refParams.parse(request.params);
        const { holder } = ingestVTokenClaimSchema.parse(request.body);
        const upper = ref.toUpperCase();
        await answer(() => deps.ingest.claimVToken(upper, holder));
        return ok({ ref: upper, status: 'vtoken-claimed' });
      });
      feed.post('/provider-payments', async (request) => {
        const input = ingestProviderPaymentSchema.parse(request.body);
        if (providerKindOf(input.provider) !== input.details.kind) {
          throw new ApiError(
            400,
            `A ${input.provider} record must be of kind ${providerKindOf(input.provider) ?? 'unknown'}`,
          );
        }
        await upsertProviderPayment(deps.db, {
          prefix: input.prefix,
          transactionId: input.transactionId,
          provider: input.provider,
          customerReference: input.customerReference ?? null,
          details: input.details,
          createdOn: deps.now(),
        });
        return ok(null);
      });
      feed.post('/chat-messages', async (request) => {
        const input = ingestChatMessageSchema.parse(request.body);
        const row = await answer(() => deps.ingest.receiveChatMessage(input.merchantId, input.message));
        return ok({ id: row.id });
      });
      feed.post('/payout-requests', async (request) => {
        const input = ingestPayoutRequestSchema.parse(request.body);
        if (!deps.payouts) throw new ApiError(404, MESSAGES.notFound);
        return ok(await deps.payouts.request(input));
      });
      feed.post('/failures', async (request) => {
        const row = await answer(() => deps.ingest.recordFailure(ingestFailureSchema.parse(request.body)));
        return ok({ id: row.id });
      });
    },
    { prefix: INGEST_PREFIX },
  );
}
