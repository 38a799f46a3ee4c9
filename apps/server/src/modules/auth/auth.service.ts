import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_TOTP, MESSAGES, type Session } from '@bo/contract';
import type { Db } from '../../db/database';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, recordChange } from '../audit/audit.service';
import type { Mailer } from '../mail/mailer';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../staff/password';
import { claimTotpStep, findStaffByLogin, findStaffByUsername, updateStaff } from '../staff/staff.repository';
import type { BotCheck } from './bot-check.service';
import { consumePasswordReset, insertPasswordReset } from './password-reset.repository';
import type { Sessions } from './session.service';
import type { LoginThrottle } from './throttle.service';
import { matchTotp } from './totp';

const RESET_TTL_MS = 30 * 60_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface AuthDeps {
  db: Db;
  sessions: Sessions;
  throttle: LoginThrottle;
  botCheck: BotCheck;
  mailer: Mailer;
  now: () => Date;
  totpMandatory: boolean;
  publicUrl: string;
  productName: string;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}

export function createAuthService(deps: AuthDeps) {
  const { db } = deps;

  /** Any failure after the bot check answers the same, locked or not, so nothing tells an attacker why. */
  const invalid = () => new ApiError(401, MESSAGES.invalidCredentials);

  return {
    async login(
      input: { User: string; Password: string; totp: string; botPayload: string },
      meta: RequestMeta,
    ): Promise<{ session: Session; cookieToken: string }> {
      if (!(await deps.botCheck.redeem(input.botPayload))) throw badRequest(MESSAGES.botCheck);
      const username = input.User.trim().toLowerCase();
      if (!(await deps.throttle.admit(username, meta.ip))) {
        // Hashed all the same, so a locked account takes as long to refuse as a wrong password.
        await dummyCheck(input.Password);
        await recordChange(
          db,
          { staffId: null, username: username.slice(0, 64), ip: meta.ip },
          { action: 'login.locked', entity: 'staff', id: '-' },
        );
        throw invalid();
      }
      const account = await findStaffByUsername(db, username);
      const passwordOk = account
        ? await verifyPassword(account.passwordHash, input.Password)
        : await dummyCheck(input.Password);
      const totpOk = account && passwordOk ? await checkSecondFactor(account, input.totp) : false;
      if (!account || !passwordOk || !totpOk || account.disabled) {
        await deps.throttle.recordFailure(username, meta.ip);
        await recordChange(
          db,
          { staffId: account?.id ?? null, username: username.slice(0, 64), ip: meta.ip },
          { action: 'login.failed', entity: 'staff', id: account?.id ?? '-' },
        );
        throw invalid();
      }
      await deps.throttle.recordSuccess(username, meta.ip);
      const created = await deps.sessions.create(account.id, meta);
      await updateStaff(db, account.id, { lastLoginOn: deps.now() });
      await recordChange(
        db,
        { staffId: account.id, username: account.username, sessionId: created.id, ip: meta.ip },
        { action: 'login', entity: 'session', id: created.id },
      );
      return {
        session: {
          ID: account.id,
          APIKey: account.apiKey,
          SessionID: created.id,
          Username: account.username,
        },
        cookieToken: created.token,
      };
    },

    /** Ends this session, or with `everywhere` every session of the account (and so every token minted from them). */
    async logout(
      actor: Actor & { sessionId: string },
      options: { everywhere: boolean } = { everywhere: false },
    ): Promise<void> {
      if (options.everywhere) await deps.sessions.endAllOf(actor.staffId, 'logout-all');
      else await deps.sessions.end(actor.sessionId, 'logout');
      await recordChange(db, actor, {
        action: options.everywhere ? 'logout.all' : 'logout',
        entity: options.everywhere ? 'staff' : 'session',
        id: options.everywhere ? actor.staffId : actor.sessionId,
      });
    },

    /** Always answers alike; mails a single-use link only when the account exists and is enabled. */
    async requestPasswordReset(login: string, botPayload: string, ip: string): Promise<void> {
      if (!(await deps.botCheck.redeem(botPayload))) throw badRequest(MESSAGES.botCheck);
      const account = await findStaffByLogin(db, login);
      if (!account || account.disabled) return;
      const token = randomBytes(32).toString('base64url');
      const at = deps.now();
      await insertPasswordReset(db, {
        staffId: account.id,
        tokenHash: sha256(token),
        createdAt: at,
        expiresAt: new Date(at.getTime() + RESET_TTL_MS),
      });
      await recordChange(
        db,
        { staffId: account.id, username: account.username, ip },
        { action: 'password.reset-requested', entity: 'staff', id: account.id },
      );
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await deps.mailer.send({
        to: account.email,
        subject: `${deps.productName}: reset your password`,
        text: `Hello ${account.displayName},\n\nSomeone asked to reset the password of your ${deps.productName} back-office account "${account.username}".\nOpen this link within 30 minutes to choose a new password:\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
      });
    },

    async resetPassword(token: string, password: string, ip: string): Promise<void> {
      const staffId = await db.transaction(async (tx) => {
        const id = await consumePasswordReset(tx, sha256(token), deps.now());
        if (id === undefined) return undefined;
        await updateStaff(tx, id, {
          passwordHash: await hashPassword(password),
          passwordChangedOn: deps.now(),
        });
        // The reset link names only the account's id, so the row names its actor by that id.
        await recordChange(
          tx,
          { staffId: id, username: `staff#${id}`, ip },
          { action: 'password.reset', entity: 'staff', id },
        );
        return id;
      });
      if (staffId === undefined) throw badRequest(MESSAGES.resetInvalid);
      // A new password ends every open session of the account.
      await deps.sessions.endAllOf(staffId, 'password-reset');
    },
  };

  async function checkSecondFactor(account: { id: number; totpSecret: string | null }, code: string) {
    if (!account.totpSecret) return !deps.totpMandatory && code === DEFAULT_TOTP;
    const step = await matchTotp(account.totpSecret, code, deps.now());
    return step !== null && (await claimTotpStep(db, account.id, step));
  }
}

async function dummyCheck(password: string): Promise<false> {
  await verifyPassword(await dummyPasswordHash(), password);
  return false;
}

export type AuthService = ReturnType<typeof createAuthService>;
