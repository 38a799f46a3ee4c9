import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { usedBotChallenges } from '../../db/schema';

const CHALLENGE_TTL_MS = 10 * 60_000;
const ALGORITHM = 'PBKDF2/SHA-256';

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      memoryCost: z.number().optional(),
      parallelism: z.number().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().optional(),
  }),
  solution: z.object({ counter: z.number().int(), derivedKey: z.string(), time: z.number().optional() }),
});

/**
 * Self-hosted proof-of-work bot check (ALTCHA v2). Challenges are HMAC-signed, expire, and a solved
 * challenge is redeemed once: its signature is stored and a second use is refused.
 */
export function createBotCheck(options: {
  db: Db;
  secret: string;
  cost: number;
  maxCounter: number;
  now: () => Date;
}) {
  const hmacSignatureSecret = `${options.secret}:altcha`;
  const hmacKeySignatureSecret = `${options.secret}:altcha-key`;

  return {
    async challenge(): Promise<Challenge> {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost,
        counter: randomInt(Math.max(1, Math.floor(options.maxCounter / 4)), options.maxCounter),
        deriveKey,
        expiresAt: Math.floor((options.now().getTime() + CHALLENGE_TTL_MS) / 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    /** True once per solved challenge; false for a bad, expired, foreign or replayed payload. */
    async redeem(payload: string): Promise<boolean> {
      let parsed: z.infer<typeof payloadSchema>;
      try {
        parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
      } catch {
        return false;
      }
      const { challenge, solution } = parsed;
      if (challenge.parameters.algorithm !== ALGORITHM || !challenge.signature) return false;
      const expiresAt = challenge.parameters.expiresAt;
      if (!expiresAt || expiresAt * 1000 < options.now().getTime()) return false;
      const result = await verifySolution({
        challenge: challenge as Challenge,
        solution: solution as Solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      if (!result.verified) return false;
      await options.db.delete(usedBotChallenges).where(lt(usedBotChallenges.expiresAt, options.now()));
      const inserted = await options.db
        .insert(usedBotChallenges)
        .values({ signature: challenge.signature, expiresAt: new Date(expiresAt * 1000) })
        .onConflictDoNothing()
        .returning({ signature: usedBotChallenges.signature });
      return inserted.length === 1;
    },
  };
}

export type BotCheck = ReturnType<typeof createBotCheck>;
