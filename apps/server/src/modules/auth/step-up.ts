import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { staff } from '../../db/schema';
import { ApiError, badRequest } from '../../plugins/errors';
import { verifyPassword } from '../staff/password';
import { claimTotpStep } from '../staff/staff.repository';
import { matchTotp } from './totp';

/** The code refusals most screens word alike (payouts and Platform Scheduling). */
export const STEP_UP_MESSAGES = {
  wrongCode: 'That authenticator code is not right: type the 6-digit code your app shows now',
  reusedCode:
    'That authenticator code was already used: wait for the next code your app shows, then try again',
} as const;

/** The refusals of a step-up, in the words of the screen that asks for it. */
export interface StepUpMessages {
  /** The account has no authenticator and the action does not take a password instead (403). */
  noTotp: string;
  /** No code typed, or not six digits. */
  codeMissing?: string;
  wrongCode: string;
  reusedCode: string;
  /** No password typed (only when passwords are accepted). */
  passwordMissing?: string;
  wrongPassword?: string;
}

export interface StepUpProof {
  Code?: string | undefined;
  Password?: string | undefined;
}

/** How an account confirms a sensitive action: its authenticator code when enrolled, else its password. */
export async function stepUpMethod(db: DbOrTx, staffId: number): Promise<'totp' | 'password'> {
  const [row] = await db.select({ totpSecret: staff.totpSecret }).from(staff).where(eq(staff.id, staffId));
  return row?.totpSecret ? 'totp' : 'password';
}

/**
 * The step-up before a money-moving or secret-touching action (brief §0): the staff member's current TOTP
 * code, taken once (the same last step sign-in keeps, so a code is never used twice); or, when the action
 * allows it and the account has no authenticator, the account's password.
 */
export async function checkStepUp(
  db: DbOrTx,
  staffId: number,
  proof: StepUpProof,
  at: Date,
  messages: StepUpMessages,
  options: { passwordWithoutTotp: boolean } = { passwordWithoutTotp: false },
): Promise<void> {
  const [account] = await db
    .select({ totpSecret: staff.totpSecret, passwordHash: staff.passwordHash })
    .from(staff)
    .where(eq(staff.id, staffId));
  if (!account) throw new ApiError(403, messages.noTotp);
  if (account.totpSecret) {
    const code = proof.Code?.trim() ?? '';
    if (!/^\d{6}$/.test(code)) throw badRequest(messages.codeMissing ?? messages.wrongCode);
    const step = await matchTotp(account.totpSecret, code, at);
    if (step === null) throw badRequest(messages.wrongCode);
    if (!(await claimTotpStep(db, staffId, step))) throw new ApiError(409, messages.reusedCode);
    return;
  }
  if (!options.passwordWithoutTotp) throw new ApiError(403, messages.noTotp);
  if (!proof.Password) throw badRequest(messages.passwordMissing ?? messages.wrongCode);
  if (!(await verifyPassword(account.passwordHash, proof.Password)))
    throw badRequest(messages.wrongPassword ?? messages.wrongCode);
}
