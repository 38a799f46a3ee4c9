import { z } from 'zod';

/** SPEC §3 option lists. */
export const VFIAT_KINDS = [
  { id: 0, label: 'crypto' },
  { id: 1, label: 'virtual fiat' },
  { id: 2, label: 'shares' },
  { id: 3, label: 'commodities' },
  { id: 4, label: 'indices' },
  { id: 5, label: 'bond' },
] as const;
export const PRIORITIES = [
  { id: 1, label: 'Critical' },
  { id: 2, label: 'Significant' },
  { id: 3, label: 'Moderate' },
  { id: 4, label: 'Elevated' },
  { id: 5, label: 'Default' },
] as const;
export const SECURE_CLOUD_OPTIONS = [
  { id: 1, label: 'SecureCloud' },
  { id: 2, label: 'Fiat' },
  { id: 3, label: 'XChange' },
] as const;

export const altCoinSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  ShortName: z.string(),
  LongName: z.string(),
  isOnline: z.boolean(),
  Priority: z.number().int().min(1).max(5),
  vFiat: z.number().int().min(0).max(5),
  BuyEnabled: z.boolean(),
});
export type AltCoin = z.infer<typeof altCoinSchema>;

export const exchangeSchema = z.object({ ID: z.number().int(), Name: z.string() });
export type Exchange = z.infer<typeof exchangeSchema>;

export const paymentProviderSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  isFiat: z.boolean(),
  ActivatedLabel: z.string(),
});
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

export const merchantListItemSchema = z.object({
  ID: z.number().int(),
  ShopTitle: z.string(),
  Name: z.string(),
});
export type MerchantListItem = z.infer<typeof merchantListItemSchema>;

export const pendingKycSchema = z.object({
  ID: z.number().int(),
  ShopTitle: z.string(),
  LastUpdatedOn: z.string(),
});
export type PendingKyc = z.infer<typeof pendingKycSchema>;

export const recentRegistrationSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  RegisteredOn: z.string(),
});
export type RecentRegistration = z.infer<typeof recentRegistrationSchema>;

/** Dashboard 24H overview of SPEC §3; volumes and revenue as decimal strings. */
export const overview24hSchema = z.object({
  transactionsStats: z.object({
    totalTransactions: z.number().int(),
    totalPaidTransactions: z.number().int(),
    totalVolume: z.string(),
    totalPaidVolume: z.string(),
    totalRevenueInEUR: z.string(),
  }),
  payoutsStats: z.object({
    totalPayouts: z.number().int(),
    totalPendingVolume: z.string(),
    totalVolume: z.string(),
    totalRevenueInEUR: z.string(),
  }),
  TotalRegistrations: z.number().int(),
});
export type Overview24h = z.infer<typeof overview24hSchema>;

export const syncStatusSchema = z.object({
  Seconds_Behind_Master: z.number().nullable(),
  Slave_IO_Running: z.string(),
  Slave_SQL_Running: z.string(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const failureCauseSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  LongName: z.string(),
  AltCoinID: z.number().int(),
  Failure: z.string(),
  Address: z.string(),
  Notes: z.string().nullable(),
  Sticky: z.union([z.literal(0), z.literal(1)]),
  CreatedOn: z.string(),
  UpdatedOn: z.string(),
});
export type FailureCause = z.infer<typeof failureCauseSchema>;

export const chatMessageSchema = z.object({
  ID: z.number().int(),
  FROM: z.string(),
  TO: z.string(),
  Message: z.string(),
  MsgType: z.enum(['OUT', 'IN']),
  ContactName: z.string(),
  CreatedOn: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

export const notificationSchema = z.object({ id: z.string(), message: z.string(), date: z.string() });
export type Notification = z.infer<typeof notificationSchema>;

export const roleSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  Permissions: z.array(z.string()),
  /** Enabled accounts that hold the role. */
  StaffCount: z.number().int(),
  /** Disabled accounts that hold it: a role is deleted only when this and StaffCount are both 0. */
  DisabledStaffCount: z.number().int().default(0),
});
export type Role = z.infer<typeof roleSchema>;
