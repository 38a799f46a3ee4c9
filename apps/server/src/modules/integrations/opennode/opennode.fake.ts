import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OpenNodeCharge, OpenNodeChargeStatus, OpenNodeWithdrawal } from './opennode.client';

/**
 * The keys the fake accepts, per environment and permission (demo data, never a real key): type one into
 * OpenNode Config to see Test connection go green. Any other key is a 401, as OpenNode answers.
 */
export const OPENNODE_FAKE_KEYS = {
  dev: { invoice: 'dev-invoice-demo-8c1f', withdrawals: 'dev-withdrawals-demo-41ad' },
  live: { invoice: 'live-invoice-demo-5b2e', withdrawals: 'live-withdrawals-demo-93c7' },
} as const;

type Env = keyof typeof OPENNODE_FAKE_KEYS;
type Permission = 'invoice' | 'withdrawals';

/** A charge's moves in the fake (staff or tests drive them through `/_control`). */
const MOVES: Record<string, Partial<Record<OpenNodeChargeStatus, OpenNodeChargeStatus>>> = {
  pay: { unpaid: 'processing', underpaid: 'processing' },
  underpay: { unpaid: 'underpaid' },
  confirm: { processing: 'paid' },
  refund: { paid: 'refunded', underpaid: 'refunded' },
};

const chargeBody = z.object({
  amount: z.number().int().positive(),
  description: z.string().max(500).default(''),
  order_id: z.string().max(200).optional(),
  callback_url: z.string().max(2000).optional(),
  auto_settle: z.boolean().default(false),
  ttl: z.number().int().min(10).max(1440).default(1440),
});
const withdrawalBody = z.object({
  type: z.enum(['ln', 'chain']),
  amount: z.number().int().positive(),
  address: z.string().min(1).max(2000),
});

/**
 * OpenNode's API in-process (brief A3), dev and live side by side under `/:env`: keys per environment and
 * permission, charges with OpenNode's statuses and expiry, withdrawals. Signed callbacks are not sent yet.
 */
export const openNodeFake: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
  const charges = new Map<string, OpenNodeCharge & { env: Env; expiresAt: number }>();
  const withdrawals = new Map<string, OpenNodeWithdrawal & { env: Env }>();

  const envOf = (request: FastifyRequest): Env | null => {
    const env = (request.params as { env?: string }).env;
    return env === 'dev' || env === 'live' ? env : null;
  };
  /** The key's permission in that environment, or a 401 answered. */
  const permission = (request: FastifyRequest, reply: FastifyReply): Permission | null => {
    const env = envOf(request);
    const key = request.headers.authorization ?? '';
    const keys = env ? OPENNODE_FAKE_KEYS[env] : null;
    const found = keys
      ? (Object.entries(keys).find(([, k]) => k === key)?.[0] as Permission | undefined)
      : undefined;
    if (!found) {
      void reply.status(401).send({ success: false, message: 'Unauthorized' });
      return null;
    }
    return found;
  };
  const view = (c: OpenNodeCharge & { env: Env; expiresAt: number }): OpenNodeCharge => {
    if (c.status === 'unpaid' && now().getTime() > c.expiresAt) c.status = 'expired';
    const { expiresAt: _expiresAt, env: _env, ...rest } = c;
    return rest;
  };

  app.get('/:env/v1/account/balance', async (request, reply) => {
    if (!permission(request, reply)) return reply;
    return { data: { balance: { BTC: 1_250_000 } } };
  });

  app.get('/:env/v1/charges', async (request, reply) => {
    if (!permission(request, reply)) return reply;
    const env = envOf(request);
    return { data: [...charges.values()].filter((c) => c.env === env && c.status === 'paid').map(view) };
  });

  app.post('/:env/v1/charges', async (request, reply) => {
    if (!permission(request, reply)) return reply;
    const parsed = chargeBody.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ success: false, message: 'Invalid charge' });
    const id = randomUUID();
    const at = now().getTime();
    const charge = {
      id,
      status: 'unpaid' as const,
      amount: parsed.data.amount,
      description: parsed.data.description,
      created_at: Math.floor(at / 1000),
      auto_settle: parsed.data.auto_settle,
      callback_url: parsed.data.callback_url ?? null,
      order_id: parsed.data.order_id ?? null,
      env: envOf(request) as Env,
      expiresAt: at + parsed.data.ttl * 60_000,
    };
    charges.set(id, charge);
    return reply.status(201).send({ data: view(charge) });
  });

  app.get('/:env/v1/charge/:id', async (request, reply) => {
    if (!permission(request, reply)) return reply;
    const charge = charges.get((request.params as { id: string }).id);
    if (!charge || charge.env !== envOf(request))
      return reply.status(404).send({ success: false, message: 'Charge not found' });
    return { data: view(charge) };
  });

  app.post('/:env/v2/withdrawals', async (request, reply) => {
    const granted = permission(request, reply);
    if (!granted) return reply;
    if (granted !== 'withdrawals')
      return reply.status(403).send({ success: false, message: 'This key has no Withdrawals permission' });
    const parsed = withdrawalBody.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ success: false, message: 'Invalid withdrawal' });
    const withdrawal = {
      id: randomUUID(),
      ...parsed.data,
      status: 'pending' as const,
      env: envOf(request) as Env,
    };
    withdrawals.set(withdrawal.id, withdrawal);
    const { env: _env, ...data } = withdrawal;
    return reply.status(201).send({ data });
  });

  /** Moves a charge as a payer or OpenNode would: pay, underpay, confirm, refund; a wrong move is a 409. */
  app.post('/:env/_control/charges/:id/:move', async (request, reply) => {
    const { id, move } = request.params as { id: string; move: string };
    const charge = charges.get(id);
    if (!charge) return reply.status(404).send({ success: false, message: 'Charge not found' });
    const next = MOVES[move]?.[view(charge).status];
    if (!next)
      return reply.status(409).send({ success: false, message: `A ${charge.status} charge cannot ${move}` });
    charge.status = next;
    return { data: view(charge) };
  });
};
