import type { Db } from '../../db/database';
import { ApiError, badRequest } from '../../plugins/errors';
import { staffTotp } from '../payouts/payouts.repository';
import { claimTotpStep } from '../staff/staff.repository';
import { matchTotp } from './totp';

export const STEP_UP_MESSAGES = {
  wrongCode: 'That authenticator code is not right: type the 6-digit code your app shows now',
  reusedCode:
    'That authenticator code was already used: wait for the next code your app shows, then try again',
} as const;

/**
 * The step-up of money-moving actions: the staff member's current TOTP code, taken once (the same last step
 * sign-in keeps, so a code is never used twice). `noTotp` says what the action is, for a staff member without
 * an authenticator (403).
 */
export function createStepUp(deps: { db: Db; now: () => Date }) {
  return async (staffId: number, code: string, noTotp: string) => {
    const account = await staffTotp(deps.db, staffId);
    if (!account?.totpSecret) throw new ApiError(403, noTotp);
    const step = await matchTotp(account.totpSecret, code, deps.now());
    if (step === null) throw badRequest(STEP_UP_MESSAGES.wrongCode);
    if (!(await claimTotpStep(deps.db, staffId, step))) throw new ApiError(409, STEP_UP_MESSAGES.reusedCode);
  };
}
