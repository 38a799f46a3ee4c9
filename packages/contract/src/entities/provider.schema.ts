import { z } from 'zod';

/** The kinds of acquirer behind fiat payments, each with its own detail record (SPEC §3, §7.3). */
export const PROVIDER_KINDS = ['card', 'bank', 'bunq', 'square', 'stripe', 'rapyd', 'payrexx'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** The platform's provider names (a transaction's ExternalTransactionProvider) and their kinds. */
export const PROVIDER_KIND_BY_NAME: Readonly<Record<string, ProviderKind>> = {
  CardPay: 'card',
  BankLink: 'bank',
  Bunq: 'bunq',
  Square: 'square',
  Stripe: 'stripe',
  Rapyd: 'rapyd',
  Payrexx: 'payrexx',
};

export const providerKindOf = (name: string | null | undefined): ProviderKind | null =>
  (name ? PROVIDER_KIND_BY_NAME[name] : undefined) ?? null;

const text = z.string();
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

/** The fields SPEC §3 lists per provider; Rapyd- and Payrexx-like records show what they hold. */
export const providerDetailSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('card'),
    id: text,
    email: text.nullable(),
    order_amount: z.object({ value: decimal, currency: text }),
    state: text,
    type: text,
    created_at: text,
    updated_at: text,
  }),
  z.object({
    kind: z.literal('bank'),
    id: text,
    reference: text,
    legs: z.array(z.object({ amount: decimal, currency: text, description: text })),
    state: text,
    type: text,
    updated_at: text,
  }),
  z.object({
    kind: z.literal('bunq'),
    id: text,
    displayname: text,
    receivedamount: decimal,
    receivedcurrency: text,
    checkamount: decimal,
    status: text,
    description: text,
    message: text.nullable(),
  }),
  z.object({
    kind: z.literal('square'),
    id: text,
    /** Cents. */
    totalMoney: z.number().int(),
    /** Cents. */
    approvedMoney: z.number().int(),
    status: text,
    note: text.nullable(),
    receiptUrl: text.nullable(),
  }),
  z.object({
    kind: z.literal('stripe'),
    id: text,
    /** Cents. */
    amount: z.number().int(),
    currency: text,
    status: text,
    description: text.nullable(),
    receipt_url: text.nullable(),
  }),
  z.object({ kind: z.literal('rapyd'), id: text, fields: z.record(z.string(), z.string()) }),
  z.object({ kind: z.literal('payrexx'), id: text, fields: z.record(z.string(), z.string()) }),
]);
export type ProviderDetail = z.infer<typeof providerDetailSchema>;
