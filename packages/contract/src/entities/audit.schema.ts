import { z } from 'zod';

/** One staff change as the audit log keeps it: who, what, when, the fields before and after. */
export const auditEntrySchema = z.object({
  ID: z.number().int(),
  At: z.string(),
  Actor: z.string(),
  Action: z.string(),
  Before: z.record(z.string(), z.unknown()).nullable(),
  After: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
