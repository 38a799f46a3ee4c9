import {
  type ADMIN_CALLS,
  type AddressBook,
  MERCHANT_COUNT_CAP,
  PAYOUT_SCHEMA_FIELDS,
  type PayoutSchema,
  type PayoutSchemaDetail,
  type PayoutSchemaRow,
} from '@bo/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { merchants } from '../../db/schema';
import { pageOffset } from '../../lib/paging';
import { ApiError, badRequest } from '../../plugins/errors';
import { listAudit } from '../audit/audit.repository';
import type { Actor } from '../audit/audit.service';
import {
  findMerchant,
  MERCHANT_AUDIT_ENTITY,
  merchantSearchCondition,
} from '../merchants/merchants.repository';
import { createMerchantsService, editableOf, merchantSearchOf } from '../merchants/merchants.service';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;
type Editable = Record<string, unknown>;

/** The audit action of a change made on Payout Schemas (it shows in the merchant's History too). */
export const PAYOUT_SCHEMA_ACTION = 'merchant.payout-schema';
/** The record's fields whose changes Payout Schemas shows in its history. */
const PAYOUT_FIELDS = new Set<string>([
  ...PAYOUT_SCHEMA_FIELDS,
  'PayoutExcludes',
  'PayPalEmail',
  'PayeerAccount',
  'IBAN',
]);

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const bookOf = (v: unknown): AddressBook => {
  const book = v as Partial<AddressBook> | null;
  return { transferwise: book?.transferwise ?? [], crypto: book?.crypto ?? [] };
};

/**
 * Where a merchant's payout schema pays to, read from its record: the bank account for the bank schemas, the
 * address book's default for the address book schemas, PayPal's e-mail, Payeer's account, the wallet's
 * pay-to. Keep with the product pays nowhere (null).
 */
export function paysToOf(record: Editable, schema: string): string | null {
  const book = bookOf(record.AddressBook);
  switch (schema as PayoutSchema) {
    case 'keep':
      return null;
    case 'eur-bank':
    case 'usd-bank':
    case 'gbp-bank':
      return text(record.IBAN) ?? text(record.BankAccountNumber) ?? text(record.PayoutTo);
    case 'wallet':
      return text(record.PayoutTo);
    case 'paypal':
      return text(record.PayPalEmail);
    case 'payeer':
      return text(record.PayeerAccount);
    case 'bank-address-book': {
      const entry = book.transferwise.find((e) => e.default);
      return entry ? `${entry.label}: ${entry.iban ?? entry.accountNumber ?? ''}`.trim() : null;
    }
    case 'crypto-address-book': {
      const entry = book.crypto.find((e) => e.default);
      return entry ? `${entry.label}: ${entry.address}` : null;
    }
    default:
      return text(record.PayoutTo);
  }
}

const flagIs = (value: boolean | undefined): SQL | undefined =>
  value === undefined
    ? undefined
    : value
      ? sql`${merchants.disablePayout}`
      : sql`not ${merchants.disablePayout}`;

/**
 * Payout Schemas (SPEC §2.1 `payouts/{id?}`): every merchant's payout schema, its detail and its audited
 * change. A change goes through the merchant record's own update (its version check and audit entry), so
 * Users and Payout Schemas can never overwrite each other.
 */
export function createPayoutSchemaService(deps: { db: Db }) {
  const { db } = deps;
  const records = createMerchantsService({ db });

  const detail = async (id: number): Promise<PayoutSchemaDetail> => {
    const row = await findMerchant(db, id);
    if (!row) throw new ApiError(404, 'No merchant with that id');
    const record = editableOf(row) as Editable;
    const trail = await listAudit(db, [MERCHANT_AUDIT_ENTITY], String(id));
    const touchesPayouts = (entry: { action: string; before: unknown; after: unknown }) =>
      entry.action === PAYOUT_SCHEMA_ACTION ||
      Object.keys((entry.after as Record<string, unknown> | null) ?? {}).some((k) => PAYOUT_FIELDS.has(k));
    const excludes = Array.isArray(record.PayoutExcludes) ? (record.PayoutExcludes as number[]) : [];
    return {
      ID: row.id,
      ShopTitle: row.shopTitle,
      OwnerNickName: row.ownerNickName,
      Email: row.email,
      PayoutSchema: row.payoutSchema as PayoutSchema,
      PaysTo: paysToOf(record, row.payoutSchema),
      DisablePayout: row.disablePayout,
      ExcludedCoins: excludes.length,
      RegisteredOn: row.registeredOn.toISOString(),
      PayoutTo: text(record.PayoutTo),
      PayoutExcludes: excludes,
      PayPalEmail: text(record.PayPalEmail),
      PayeerAccount: text(record.PayeerAccount),
      IBAN: text(record.IBAN),
      AddressBook: bookOf(record.AddressBook),
      Version: row.version,
      History: trail
        .filter(touchesPayouts)
        .reverse()
        .map((entry) => ({
          ID: entry.id,
          At: entry.at.toISOString(),
          Actor: entry.actorUsername,
          Action: entry.action,
          Before: (entry.before as Record<string, unknown> | null) ?? null,
          After: (entry.after as Record<string, unknown> | null) ?? null,
        })),
    };
  };

  return {
    detail,

    async list(params: Params<'ListPayoutSchemas'>) {
      const search = merchantSearchOf(params.q);
      const where = and(
        search ? merchantSearchCondition(search) : undefined,
        params.schema ? eq(merchants.payoutSchema, params.schema) : undefined,
        flagIs(params.disabledPayout),
      );
      const direction = params.order === 'asc' ? asc : desc;
      const order =
        params.sort === 'ID'
          ? [direction(merchants.id)]
          : [direction(merchants.registeredOn), direction(merchants.id)];
      const capped = db
        .select({ one: sql`1` })
        .from(merchants)
        .where(where)
        .limit(MERCHANT_COUNT_CAP + 1)
        .as('capped');
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: merchants.id,
            shopTitle: merchants.shopTitle,
            ownerNickName: merchants.ownerNickName,
            email: merchants.email,
            payoutSchema: merchants.payoutSchema,
            disablePayout: merchants.disablePayout,
            details: merchants.details,
            registeredOn: merchants.registeredOn,
          })
          .from(merchants)
          .where(where)
          .orderBy(...order)
          .limit(params.limit)
          .offset(pageOffset(params)),
        db.select({ n: sql<number>`count(*)::int` }).from(capped),
      ]);
      const n = counted?.n ?? 0;
      const records: PayoutSchemaRow[] = rows.map((row) => {
        const details = (row.details ?? {}) as Editable;
        const excludes = Array.isArray(details.PayoutExcludes) ? details.PayoutExcludes.length : 0;
        return {
          ID: row.id,
          ShopTitle: row.shopTitle,
          OwnerNickName: row.ownerNickName,
          Email: row.email,
          PayoutSchema: row.payoutSchema as PayoutSchema,
          PaysTo: paysToOf(details, row.payoutSchema),
          DisablePayout: row.disablePayout,
          ExcludedCoins: excludes,
          RegisteredOn: row.registeredOn.toISOString(),
        };
      });
      return {
        records,
        meta: {
          total: Math.min(n, MERCHANT_COUNT_CAP),
          offset: pageOffset(params),
          limit: params.limit,
          page: params.page,
          isCapped: n > MERCHANT_COUNT_CAP,
        },
      };
    },

    /**
     * The schema, pay-to, DisablePayout and the address book's defaults as one audited change (old → new of
     * the fields that changed), through the record's update: refused (409) at a stale version, and a schema
     * that pays to nothing (an empty address book, no PayPal e-mail…) is a 400.
     */
    async update(params: Params<'UpdatePayoutSchema'>, actor: Actor): Promise<PayoutSchemaDetail> {
      const row = await findMerchant(db, params.ID);
      if (!row) throw new ApiError(404, 'No merchant with that id');
      const book = bookOf(editableOf(row).AddressBook);
      if (params.BankDefault !== undefined && !book.transferwise.some((e) => e.id === params.BankDefault))
        throw badRequest('No bank account with that id in the address book');
      if (params.CryptoDefault !== undefined && !book.crypto.some((e) => e.id === params.CryptoDefault))
        throw badRequest('No crypto address with that id in the address book');
      const next: AddressBook = {
        transferwise: book.transferwise.map((e) =>
          params.BankDefault === undefined ? e : { ...e, default: e.id === params.BankDefault },
        ),
        crypto: book.crypto.map((e) =>
          params.CryptoDefault === undefined ? e : { ...e, default: e.id === params.CryptoDefault },
        ),
      };
      await records.update(
        {
          ID: params.ID,
          ExpectedVersion: params.ExpectedVersion,
          PayoutSchema: params.PayoutSchema,
          PayoutTo: params.PayoutTo,
          DisablePayout: params.DisablePayout,
          AddressBook: next,
        } as Params<'UpdateMerchant'>,
        actor,
        PAYOUT_SCHEMA_ACTION,
      );
      return detail(params.ID);
    },
  };
}
