import { z } from 'zod';
import { PG_INTEGER_MAX } from '../common/id.schema';
import { PERMISSION_SLUGS } from './permissions';

const username = z.string().trim().min(1, 'Username is required').max(64);
const password = z.string().min(1, 'Password is required').max(256);
/** Six digits; SPEC §2.3's default is 000000 for accounts without TOTP. */
const totp = z
  .string()
  .trim()
  .min(1, '2 factor authentication is required')
  .regex(/^\d{6}$/, '2 factor authentication must be 6 digits');

/** POST /Login (DESIGN §2 departure 1: credentials in the body). */
export const loginParamsSchema = z.object({
  User: username,
  Password: password,
  totp,
  /** The bot-check payload; keeps the old field name of SPEC §7.1. */
  'g-recaptcha-response': z.string().min(1, 'Verify you are not a robot').max(8192),
  output: z.literal('json').optional(),
});
export type LoginParams = z.infer<typeof loginParamsSchema>;

/** Session after login (SPEC §3). SessionID is the session's public id, never the cookie secret. */
export const sessionSchema = z.object({
  ID: z.number().int(),
  APIKey: z.string(),
  SessionID: z.string(),
  Username: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * POST /Login with `logout=true` (SPEC §7.1) ends this browser's session; `logout=all` (our addition, the
 * user menu's 'Sign out everywhere') ends every session of the signed-in account, on every device.
 */
export const logoutParamsSchema = z.object({
  logout: z.enum(['true', 'all']),
  output: z.literal('json').optional(),
});

/** Accountdetail and GenerateJWTToken take the logged-in account's MerchantID and APIKey (SPEC §7). */
export const accountCredentialsSchema = z.object({
  MerchantID: z.coerce.number().int().positive().max(PG_INTEGER_MAX),
  APIKey: z.string().min(1).max(128),
});

export const accountDetailSchema = z.object({
  ID: z.number().int(),
  Username: z.string(),
  Email: z.string(),
  DisplayName: z.string(),
  Role: z.string(),
  Permissions: z.array(z.string()),
  TotpEnrolled: z.boolean(),
  LastLoginOn: z.string().nullable(),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

export const permissionSlugSchema = z.enum(PERMISSION_SLUGS);

export const permissionSchema = z.object({ Slug: z.string(), Name: z.string().optional() });
export type Permission = z.infer<typeof permissionSchema>;

export const tokenSchema = z.object({ Token: z.string(), Permissions: z.array(permissionSchema) });
export type Token = z.infer<typeof tokenSchema>;

export const forgotPasswordParamsSchema = z.object({
  User: z.string().trim().min(1, 'Username or e-mail is required').max(254),
  'g-recaptcha-response': z.string().min(1, 'Verify you are not a robot').max(8192),
});

export const resetPasswordParamsSchema = z
  .object({
    token: z.string().min(20).max(200),
    Password: z.string().min(12, 'Use at least 12 characters').max(256),
    Confirm: z.string(),
  })
  .refine((v) => v.Password === v.Confirm, { message: 'The passwords do not match', path: ['Confirm'] });
