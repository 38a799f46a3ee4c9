import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'backoffice';
const AUDIENCE = 'backoffice-admin';

export type JwtCheck =
  | { ok: true; staffId: number; sessionId: string }
  | { ok: false; reason: 'jwt expired' | 'jwt malformed' };

/**
 * The admin service's short-lived bearer token (SPEC §7.2). The algorithm is pinned; the token names its
 * session, which the server re-checks on every call, so a logout ends the token too.
 */
export function createJwt(secret: string, ttlSeconds: number, now: () => Date) {
  const key = new TextEncoder().encode(`${secret}:jwt`);
  return {
    async mint(staffId: number, sessionId: string): Promise<string> {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(staffId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },

    async verify(token: string): Promise<JwtCheck> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
        });
        const staffId = Number(payload.sub);
        if (!Number.isInteger(staffId) || typeof payload.sid !== 'string')
          return { ok: false, reason: 'jwt malformed' };
        return { ok: true, staffId, sessionId: payload.sid };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'jwt expired' : 'jwt malformed' };
      }
    },
  };
}

export type Jwt = ReturnType<typeof createJwt>;
