import { createHash, timingSafeEqual } from 'node:crypto';
import { INGEST_PREFIX, MESSAGES, NODES_SANDBOX_PATH, sandboxNodeStallSchema } from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, unauthorized } from '../../plugins/errors';
import type { Coins } from './coins.module';
import type { NodesSandboxControls } from './nodes/nodes-sandbox';

const digest = (value: string) => createHash('sha256').update(value).digest();
const coinParams = z.object({
  coin: z.coerce
    .number({ error: 'The coin must be a number' })
    .int('The coin must be a whole number')
    .positive('The coin must be a positive number')
    .max(2_147_483_647, 'The coin is too large'),
});

/**
 * The sandbox nodes' controls (NODES_MODE=fake only), on the platform feed's token like the feed itself:
 * a node stalls (falls behind) or resumes, and that coin is probed at once, so Coin Health shows it without
 * waiting for the next probe. Never registered with real nodes or without INGEST_TOKEN.
 */
export function registerNodeSandboxRoutes(
  app: FastifyInstance,
  deps: { token: string; sandbox: NodesSandboxControls; coins: Coins },
) {
  const expected = digest(deps.token);
  const authenticate = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!given || !timingSafeEqual(digest(given), expected)) throw unauthorized();
  };
  /** Only coins Coin Health watches have a node to stall. */
  const watched = async (coin: number) => {
    if (!(await deps.coins.coinHealth.current()).some((r) => r.AltCoinID === coin))
      throw new ApiError(404, `Coin ${coin} has no node to watch (unknown, or fiat or vFiat)`);
  };
  const answer = async (coin: number, change: () => Promise<unknown>) => {
    await watched(coin);
    await change();
    await deps.coins.coinHealth.probe(coin);
    const [row] = (await deps.coins.coinHealth.current()).filter((r) => r.AltCoinID === coin);
    return { status_code: 200, message: MESSAGES.ok, data: row ?? null };
  };
  app.register(
    async (routes) => {
      routes.addHook('onRequest', authenticate);
      routes.post('/:coin/stall', async (request) => {
        const { coin } = coinParams.parse(request.params);
        const { behind } = sandboxNodeStallSchema.parse(request.body ?? {});
        return answer(coin, () => deps.sandbox.stall(coin, behind));
      });
      routes.post('/:coin/resume', async (request) => {
        const { coin } = coinParams.parse(request.params);
        return answer(coin, () => deps.sandbox.resume(coin));
      });
    },
    { prefix: `${INGEST_PREFIX}${NODES_SANDBOX_PATH}` },
  );
}
