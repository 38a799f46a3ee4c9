import { createHmac } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sameSignature } from '../same-signature';

/** The credentials the fake accepts in demo mode: paste them into Airwallex Config. */
export const AIRWALLEX_DEMO_CREDENTIALS = {
  clientId: 'demo_client_Xq3v7LkP',
  apiKey: 'demo-airwallex-api-key-0c9d2e',
  /** The connected account the demo key may act for (x-on-behalf-of). */
  onBehalfOf: 'acct_demoConnected01',
} as const;

const TOKEN_MINUTES = 30;
/** Signs the fake's tokens: any instance of the fake accepts a token another issued, as Airwallex's do. */
const TOKEN_KEY = 'airwallex-fake-token-key';

/** Seeded balances in cents (bigint): money is never a float, not even in a fake. */
const SEED_BALANCES: Record<string, bigint> = { EUR: 1_234_000n, USD: 502_011n, GBP: 0n };
/** Fixed demo FX rates per EUR. */
const RATES_PER_EUR: Record<string, string> = { EUR: '1', USD: '1.0842', GBP: '0.8571', CHF: '0.9412' };

const TRANSFER_STEPS = [
  { afterSec: 0, status: 'NEW' },
  { afterSec: 60, status: 'READY_FOR_DISPATCH' },
  { afterSec: 300, status: 'DISPATCHED' },
] as const;

interface Beneficiary {
  id: string;
  nickname: string;
  bank_details: { account_name: string; account_currency: string; bank_country_code: string; iban: string };
}

interface Transfer {
  id: string;
  request_id: string;
  beneficiary_id: string;
  transfer_amount: string;
  transfer_currency: string;
  source_currency: string;
  fee_paid_by: string;
  reference: string;
  createdAt: number;
  /** A final state set by a call (cancelled) or by the seeded failure rule. */
  fixed?: 'CANCELLED' | 'FAILED';
}

const toCents = (amount: string) => {
  const [whole = '0', frac = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
};
const fromCents = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
/** Airwallex's timestamp form: 2026-03-01T10:42:00+0000. */
const awTime = (t: number) => `${new Date(t).toISOString().slice(0, 19)}+0000`;
const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).send({ code, message });
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/**
 * The in-process Airwallex fake (brief B "airwallex-config" 4): login with x-client-id + x-api-key, current
 * balances, beneficiaries (create, validate, list), transfers with Airwallex's status machine and cancel,
 * and a deterministic FX rate. Amounts are JSON numbers, as Airwallex writes them.
 */
export const airwallexFake: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
  const balances = new Map(Object.entries(SEED_BALANCES));
  const beneficiaries: Beneficiary[] = [];
  const transfers: Transfer[] = [];
  let seq = 0;

  const tokenSig = (payload: string) => createHmac('sha256', TOKEN_KEY).update(payload).digest('base64url');

  const authed = async (req: FastifyRequest, reply: FastifyReply) => {
    const [, token = ''] = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? '')) ?? [];
    const [payload = '', sig] = token.split('.');
    const claims = sameSignature(sig, tokenSig(payload))
      ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp: number })
      : null;
    if (!claims || claims.exp <= now().getTime())
      return fail(reply, 401, 'unauthorized', 'Access denied, authentication failed');
    const onBehalf = req.headers['x-on-behalf-of'];
    if (onBehalf !== undefined && onBehalf !== AIRWALLEX_DEMO_CREDENTIALS.onBehalfOf)
      return fail(reply, 403, 'forbidden', 'The caller may not act on behalf of this account');
  };

  app.post('/api/v1/authentication/login', async (req, reply) => {
    if (
      req.headers['x-client-id'] !== AIRWALLEX_DEMO_CREDENTIALS.clientId ||
      req.headers['x-api-key'] !== AIRWALLEX_DEMO_CREDENTIALS.apiKey
    )
      return fail(reply, 401, 'credentials_invalid', 'Invalid client id or API key');
    const exp = now().getTime() + TOKEN_MINUTES * 60_000;
    const payload = Buffer.from(JSON.stringify({ cid: req.headers['x-client-id'], exp })).toString(
      'base64url',
    );
    return reply.code(201).send({ token: `${payload}.${tokenSig(payload)}`, expires_at: awTime(exp) });
  });

  // Amounts go out as JSON numbers (Airwallex's form); the raw text keeps every digit of the cents.
  const amount = (cents: bigint) => `__num__${fromCents(cents)}__`;
  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply
      .code(status)
      .type('application/json')
      .send(JSON.stringify(body).replace(/"__num__([\d.-]+)__"/g, '$1'));

  app.get('/api/v1/balances/current', { preHandler: authed }, async (_req, reply) =>
    send(
      reply,
      200,
      [...balances].map(([currency, cents]) => ({
        currency,
        available_amount: amount(cents),
        pending_amount: amount(0n),
        reserved_amount: amount(0n),
        total_amount: amount(cents),
      })),
    ),
  );

  const beneficiaryIssue = (b: Record<string, unknown>): string | null => {
    const bank = (b.bank_details ?? {}) as Record<string, unknown>;
    if (typeof bank.account_name !== 'string' || bank.account_name.trim() === '')
      return 'bank_details.account_name is required';
    if (typeof bank.account_currency !== 'string' || !/^[A-Z]{3}$/.test(bank.account_currency))
      return 'bank_details.account_currency must be a currency code';
    if (typeof bank.bank_country_code !== 'string' || !/^[A-Z]{2}$/.test(bank.bank_country_code))
      return 'bank_details.bank_country_code must be a country code';
    if (typeof bank.iban !== 'string' || !IBAN.test(bank.iban))
      return 'bank_details.iban is not a valid IBAN';
    return null;
  };

  app.post('/api/v1/beneficiaries/validate', { preHandler: authed }, async (req, reply) => {
    const issue = beneficiaryIssue((req.body ?? {}) as Record<string, unknown>);
    return issue ? fail(reply, 400, 'validation_failed', issue) : reply.code(200).send({});
  });

  app.post('/api/v1/beneficiaries/create', { preHandler: authed }, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const issue = beneficiaryIssue(b);
    if (issue) return fail(reply, 400, 'validation_failed', issue);
    seq += 1;
    const beneficiary = {
      id: `ben_fake${String(seq).padStart(8, '0')}`,
      nickname: typeof b.nickname === 'string' ? b.nickname : '',
      bank_details: b.bank_details as Beneficiary['bank_details'],
    };
    beneficiaries.push(beneficiary);
    return reply.code(201).send({ beneficiary_id: beneficiary.id, ...beneficiary });
  });

  app.get('/api/v1/beneficiaries', { preHandler: authed }, async () => ({
    has_more: false,
    items: beneficiaries,
  }));

  const statusOf = (t: Transfer) => {
    if (t.fixed) return t.fixed;
    const elapsed = (now().getTime() - t.createdAt) / 1000;
    return [...TRANSFER_STEPS].reverse().find((s) => elapsed >= s.afterSec)?.status ?? 'NEW';
  };
  const view = (t: Transfer) => ({
    id: t.id,
    request_id: t.request_id,
    beneficiary_id: t.beneficiary_id,
    transfer_amount: amount(toCents(t.transfer_amount)),
    transfer_currency: t.transfer_currency,
    source_currency: t.source_currency,
    fee_paid_by: t.fee_paid_by,
    reference: t.reference,
    status: statusOf(t),
    created_at: awTime(t.createdAt),
  });

  app.post('/api/v1/transfers/create', { preHandler: authed }, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const again = transfers.find((t) => t.request_id === b.request_id);
    if (again) return send(reply, 201, view(again)); // request_id makes a retried create idempotent
    if (typeof b.request_id !== 'string' || b.request_id === '')
      return fail(reply, 400, 'validation_failed', 'request_id is required');
    if (!beneficiaries.some((x) => x.id === b.beneficiary_id))
      return fail(reply, 400, 'validation_failed', 'beneficiary_id does not exist');
    const text =
      typeof b.transfer_amount === 'number' || typeof b.transfer_amount === 'string'
        ? String(b.transfer_amount)
        : '';
    if (!/^\d+(\.\d{1,2})?$/.test(text) || toCents(text) <= 0n)
      return fail(reply, 400, 'validation_failed', 'transfer_amount must be a positive amount');
    const currency = String(b.transfer_currency ?? '');
    const source = String(b.source_currency ?? currency);
    if (currency !== source)
      return fail(reply, 400, 'validation_failed', 'The fake pays out in the source currency only');
    const have = balances.get(source) ?? 0n;
    if (have < toCents(text)) return fail(reply, 400, 'insufficient_fund', `Insufficient ${source} balance`);
    const reference = typeof b.reference === 'string' ? b.reference : '';
    // A failed transfer gives the funds back at once, so only a live one holds them.
    if (!reference.includes('FAIL')) balances.set(source, have - toCents(text));
    seq += 1;
    const transfer: Transfer = {
      id: `tfr_fake${String(seq).padStart(8, '0')}`,
      request_id: b.request_id,
      beneficiary_id: String(b.beneficiary_id),
      transfer_amount: text,
      transfer_currency: currency,
      source_currency: source,
      fee_paid_by: b.fee_paid_by === 'BENEFICIARY' ? 'BENEFICIARY' : 'PAYER',
      reference,
      createdAt: now().getTime(),
      // Seeded failure: a reference with FAIL in it bounces, so the failed path can be shown on demand.
      ...(reference.includes('FAIL') ? { fixed: 'FAILED' as const } : {}),
    };
    transfers.push(transfer);
    return send(reply, 201, view(transfer));
  });

  app.get('/api/v1/transfers/:id', { preHandler: authed }, async (req, reply) => {
    const t = transfers.find((x) => x.id === (req.params as { id: string }).id);
    return t ? send(reply, 200, view(t)) : fail(reply, 404, 'not_found', 'Transfer not found');
  });

  app.post('/api/v1/transfers/:id/cancel', { preHandler: authed }, async (req, reply) => {
    const t = transfers.find((x) => x.id === (req.params as { id: string }).id);
    if (!t) return fail(reply, 404, 'not_found', 'Transfer not found');
    const status = statusOf(t);
    if (status !== 'NEW' && status !== 'READY_FOR_DISPATCH')
      return fail(reply, 400, 'invalid_status', `A ${status} transfer cannot be cancelled`);
    t.fixed = 'CANCELLED';
    balances.set(t.source_currency, (balances.get(t.source_currency) ?? 0n) + toCents(t.transfer_amount));
    return send(reply, 200, view(t));
  });

  app.get('/api/v1/fx/rates/current', { preHandler: authed }, async (req, reply) => {
    const q = req.query as { buy_currency?: string; sell_currency?: string };
    const buy = RATES_PER_EUR[q.buy_currency ?? ''];
    const sell = RATES_PER_EUR[q.sell_currency ?? ''];
    if (!buy || !sell) return fail(reply, 400, 'validation_failed', 'Unsupported currency pair');
    // rate = buy per sell, to 4 decimals, computed in integers (1e8 scale) to stay exact.
    const scaled = (r: string) => {
      const [w = '0', f = ''] = r.split('.');
      return BigInt(w) * 100_000_000n + BigInt(f.padEnd(8, '0'));
    };
    const rate = (scaled(buy) * 10_000n + scaled(sell) / 2n) / scaled(sell);
    return {
      buy_currency: q.buy_currency,
      sell_currency: q.sell_currency,
      rate: `${rate / 10_000n}.${String(rate % 10_000n).padStart(4, '0')}`,
      created_at: awTime(now().getTime()),
    };
  });
};
