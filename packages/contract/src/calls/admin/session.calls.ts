import { accountCredentialsSchema, tokenSchema } from '../../auth/auth.schema';
import { adminCalls, post } from '../define';

/** The admin token, minted from the session cookie (the one admin call without a bearer token). */
export const SESSION_CALLS = adminCalls({
  GenerateJWTToken: post('login', accountCredentialsSchema, tokenSchema),
});
