import {
  accountCredentialsSchema,
  BOT_CHALLENGE_PATH,
  forgotPasswordParamsSchema,
  loginParamsSchema,
  MAIN_CALLS,
  MAIN_SERVICE_PREFIX,
  MESSAGES,
  type PublicConfig,
  resetPasswordParamsSchema,
  type Session,
} from '@bo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { ApiError, badRequest } from '../../plugins/errors';
import type { RatesService } from '../rates/rates.service';
import { permissionSlugsOfRole, roleName } from '../staff/staff.repository';
import type { AuthService } from './auth.service';
import type { BotCheck } from './bot-check.service';
import type { RequestAuth } from './request-auth';
import { SESSION_COOKIE } from './session.service';

export interface AuthRoutesDeps {
  db: Db;
  auth: AuthService;
  requestAuth: RequestAuth;
  botCheck: BotCheck;
  rates: RatesService;
  publicConfig: PublicConfig;
  cookie: { maxAgeMs: number; secure: boolean };
}

const ok = <D>(data: D, message: string = MESSAGES.ok) => ({ status_code: 200, message, data });

/** The main application service of SPEC §7.1: sign-in, sign-out, session restore, account detail, converter. */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRoutesDeps) {
  const p = MAIN_SERVICE_PREFIX;

  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.cookie.secure,
      maxAge: Math.floor(deps.cookie.maxAgeMs / 1000),
    });

  app.get(`${p}/Config`, async () => ok(deps.publicConfig));

  // The widget's protocol: the raw challenge, not the envelope.
  app.get(BOT_CHALLENGE_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return deps.botCheck.challenge();
  });

  // SPEC §7.1 signs in and out through /Login; DESIGN §2 moves both to POST bodies.
  app.post(`${p}/Login`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.logout !== undefined) {
      const { logout } = MAIN_CALLS.Logout.params.parse(body);
      const live = await deps.requestAuth.requireSession(request);
      await deps.auth.logout(
        { staffId: live.staff.id, username: live.staff.username, sessionId: live.session.id, ip: request.ip },
        { everywhere: logout === 'all' },
      );
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok(null);
    }
    const params = loginParamsSchema.parse(body);
    if (await deps.requestAuth.optionalSession(request)) throw new ApiError(409, MESSAGES.sessionExists);
    const { session, cookieToken } = await deps.auth.login(
      {
        User: params.User,
        Password: params.Password,
        totp: params.totp,
        botPayload: params['g-recaptcha-response'],
      },
      { ip: request.ip, userAgent: request.headers['user-agent'] },
    );
    setCookie(reply, cookieToken);
    return ok<Session>(session);
  });

  app.get(`${p}/Session`, async (request) => {
    const { staff, session } = await deps.requestAuth.requireSession(request);
    return ok<Session>({
      ID: staff.id,
      APIKey: staff.apiKey,
      SessionID: session.id,
      Username: staff.username,
    });
  });

  // SPEC §7.1 tells the GET calls of /v2REAPI apart by `Call`; each proves the session first.
  app.get(`${p}/v2REAPI`, async (request) => {
    const query = request.query as Record<string, unknown>;
    switch (query.Call) {
      case 'Accountdetail':
        return accountDetail(request, query);
      case 'Fiatlookup': {
        await deps.requestAuth.requireSession(request);
        return ok(await deps.rates.fiatLookup(MAIN_CALLS.Fiatlookup.params.parse(query)));
      }
      default:
        throw badRequest(
          `Unknown Call ${typeof query.Call === 'string' ? query.Call.slice(0, 64) : ''}`.trim(),
        );
    }
  });

  async function accountDetail(request: FastifyRequest, query: Record<string, unknown>) {
    const { staff } = await deps.requestAuth.requireSession(request);
    const credentials = accountCredentialsSchema.parse(query);
    if (credentials.MerchantID !== staff.id || credentials.APIKey !== staff.apiKey)
      throw new ApiError(403, 'Forbidden');
    const permissions = await permissionSlugsOfRole(deps.db, staff.roleId);
    return ok({
      data: {
        ID: staff.id,
        Username: staff.username,
        Email: staff.email,
        DisplayName: staff.displayName,
        Role: await roleName(deps.db, staff.roleId),
        Permissions: permissions,
        TotpEnrolled: staff.totpSecret !== null,
        LastLoginOn: staff.lastLoginOn?.toISOString() ?? null,
      },
    });
  }

  app.post(`${p}/ForgotPassword`, async (request) => {
    const params = forgotPasswordParamsSchema.parse(request.body ?? {});
    await deps.auth.requestPasswordReset(params.User, params['g-recaptcha-response'], request.ip);
    return ok(null, MESSAGES.resetRequested);
  });

  app.post(`${p}/ResetPassword`, async (request) => {
    const params = resetPasswordParamsSchema.parse(request.body ?? {});
    await deps.auth.resetPassword(params.token, params.Password, request.ip);
    return ok(null, MESSAGES.resetDone);
  });
}
