import { z } from 'zod';

/**
 * A staff account as the Staff screen shows it (issue #5): an administrator changes its role or disables
 * it there. The password hash, TOTP secret and API key never leave the server.
 */
export const staffMemberSchema = z.object({
  ID: z.number().int(),
  Username: z.string(),
  DisplayName: z.string(),
  Email: z.string(),
  RoleID: z.number().int(),
  Role: z.string(),
  Disabled: z.boolean(),
  TotpEnrolled: z.boolean(),
  CreatedOn: z.string(),
  LastLoginOn: z.string().nullable(),
  /** Sessions of this account that are live now. */
  LiveSessions: z.number().int(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** A role an account can be given, for the Staff screen's role select. */
export const staffRoleOptionSchema = z.object({ ID: z.number().int(), Name: z.string() });
export type StaffRoleOption = z.infer<typeof staffRoleOptionSchema>;

/**
 * A live sign-in of a staff member. `SessionID` is the session's public id (never the cookie's secret);
 * `Current` marks the caller's own session, which is ended by signing out, not from this list.
 */
export const staffSessionSchema = z.object({
  SessionID: z.string(),
  StaffID: z.number().int(),
  Username: z.string(),
  DisplayName: z.string(),
  Role: z.string(),
  CreatedAt: z.string(),
  LastSeenAt: z.string(),
  ExpiresAt: z.string(),
  IP: z.string().nullable(),
  UserAgent: z.string().nullable(),
  Current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
