import {
  type ADMIN_CALLS,
  BANK_CHANGE_HOLD_HOURS,
  formatTransactionRef,
  MERCHANT_COUNT_CAP,
  MERCHANT_EDITABLE_FIELDS,
  type MerchantEditableField,
  type MerchantHistoryEntry,
  type MerchantPayoutRow,
  type MerchantRow,
  maskApiKey,
  type Page,
  PG_INTEGER_MAX,
  type UserDetail,
} from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, changedFields, recordChange } from '../audit/audit.service';
import { startPayoutHold } from '../merchant-accounts/payout-holds';
import {
  countMerchantAudit,
  countMerchants,
  findMerchant,
  listMerchantAudit,
  listMerchantPayouts,
  listMerchants,
  lockMerchant,
  MERCHANT_AUDIT_ENTITY,
  type MerchantColumnValues,
  type MerchantFilter,
  type MerchantRecordRow,
  type MerchantSearch,
  merchantKyc,
  merchantTransactionCounts,
  updateMerchant,
} from './merchants.repository';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;
type Editable = Record<MerchantEditableField, unknown>;

const noMerchant = () => new ApiError(404, 'No merchant with that id');

/** The record's fields that have columns of their own (the list filters and sorts on them); the rest is details. */
const COLUMN_OF = {
  ShopTitle: 'shopTitle',
  OwnerNickName: 'ownerNickName',
  Name: 'name',
  Email: 'email',
  Country: 'country',
  Locale: 'locale',
  PayoutSchema: 'payoutSchema',
  RiskProfileID: 'riskProfileId',
  Referral: 'referral',
  DisableCheckOut: 'disableCheckout',
  DisablePayout: 'disablePayout',
  LifetimeMember: 'lifetimeMember',
} as const satisfies Partial<Record<MerchantEditableField, keyof MerchantColumnValues>>;
type ColumnField = keyof typeof COLUMN_OF;
const isColumnField = (field: string): field is ColumnField => Object.hasOwn(COLUMN_OF, field);

/** What a details field reads as when a record (an older platform's, a test's) lacks it. */
const DETAIL_DEFAULTS: Record<Exclude<MerchantEditableField, ColumnField>, unknown> = {
  Phone: null,
  Website: null,
  Avatar: null,
  Twitter: null,
  Facebook: null,
  Instagram: null,
  LinkedIn: null,
  Telegram: null,
  Autonomy: false,
  ChargingMethod: 'merchant',
  ConfirmURL: null,
  FailURL: null,
  ECommerceKey: '',
  ShopIntegrationKey: '',
  ShopPlatform: null,
  PreferredCoinIDs: [],
  SelectedAltcoins: [],
  ShowInternationalCC: false,
  MasterTransactionFunction: false,
  PayoutTo: null,
  PayoutExcludes: [],
  FlexibilityPercentage: '0.00',
  // The platform's default fee as shipped (Admin Config's defaultFeePct before any version).
  FeePercentage: '0.75',
  PayPalEnabled: false,
  PayPalEmail: null,
  BankEnabled: false,
  PayeerEnabled: false,
  PayeerAccount: null,
  AddressBook: { transferwise: [], crypto: [] },
  BankName: null,
  BankAccountHolder: null,
  IBAN: null,
  BIC: null,
  BankAccountNumber: null,
  BankRoutingNumber: null,
  BankCountry: null,
  FirstName: '',
  LastName: '',
  DateOfBirth: null,
  Nationality: null,
  IdentityDocumentType: 'passport',
  IdentityDocumentNumber: null,
  CompanyName: null,
  CompanyRegistrationNumber: null,
  VATNumber: null,
  Street: null,
  HouseNumber: null,
  PostalCode: null,
  City: null,
  AddressCountry: null,
  PEP: false,
  NotifyOnPayment: false,
  NotifyOnPayout: false,
  NotifyOnExpired: false,
  NotifyOnKYC: false,
  NotificationEmail: null,
  Newsletter: false,
  TwoFactorEnabled: false,
  MaxLTR: '0',
};

const detailsOf = (stored: unknown): Record<string, unknown> =>
  stored !== null && typeof stored === 'object' && !Array.isArray(stored)
    ? (stored as Record<string, unknown>)
    : {};

/** The editable fields of a stored record, as the contract names them. */
export function editableOf(row: MerchantRecordRow): Editable {
  const details = detailsOf(row.details);
  return Object.fromEntries(
    MERCHANT_EDITABLE_FIELDS.map((field) => [
      field,
      isColumnField(field)
        ? row[COLUMN_OF[field]]
        : (details[field] ?? DETAIL_DEFAULTS[field as Exclude<MerchantEditableField, ColumnField>]),
    ]),
  ) as Editable;
}

/**
 * Rules across fields, checked on the record as it would be after a change: a payout schema that pays to
 * the address book or an account needs one to pay to.
 */
function crossFieldProblem(record: Editable): { path: string; message: string } | null {
  const book = record.AddressBook as { transferwise?: unknown[]; crypto?: unknown[] } | null;
  switch (record.PayoutSchema) {
    case 'bank-address-book':
      if (!book?.transferwise?.length)
        return {
          path: 'PayoutSchema',
          message: 'Bank address book default needs a bank account in the address book',
        };
      break;
    case 'crypto-address-book':
      if (!book?.crypto?.length)
        return {
          path: 'PayoutSchema',
          message: 'Crypto address book default needs a crypto address in the address book',
        };
      break;
    case 'paypal':
      if (!record.PayPalEmail)
        return { path: 'PayPalEmail', message: 'Paying out by PayPal needs a PayPal e-mail address' };
      break;
    case 'payeer':
      if (!record.PayeerAccount)
        return { path: 'PayeerAccount', message: 'Paying out by Payeer needs a Payeer account' };
      break;
  }
  return null;
}

/** The search box read every way it can be meant (see merchantListParamsSchema's `q`). */
export function merchantSearchOf(q: string): MerchantSearch | null {
  if (q === '') return null;
  return {
    id: /^\d{1,10}$/.test(q) && Number(q) <= PG_INTEGER_MAX ? Number(q) : null,
    prefix: q.toLowerCase(),
    // Trigram indexes answer a part of 3 characters or more; shorter ones only match from the start.
    contains: q.length >= 3 ? q : null,
    apiKeyPrefix: /^[0-9a-f]{4,}$/i.test(q) ? q.toLowerCase() : null,
  };
}

const DAY = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Users and User Detail (SPEC §2.1): the merchant list, the whole record with its version, audited reveals
 * and changes (one audit entry per save, before/after of the changed fields), the History and the payouts.
 */
/** The record's fields that say where bank payouts go; changing one starts a payout hold. */
const PAYOUT_ACCOUNT_FIELDS: ReadonlySet<string> = new Set([
  'IBAN',
  'BankAccountNumber',
  'BankRoutingNumber',
  'BankAccountHolder',
]);

export function createMerchantsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const detail = async (id: number): Promise<UserDetail> => {
    const row = await findMerchant(db, id);
    if (!row) throw noMerchant();
    const [counts, kyc] = await Promise.all([merchantTransactionCounts(db, id), merchantKyc(db, id)]);
    return {
      ...(editableOf(row) as UserDetail),
      ID: row.id,
      APIKey: maskApiKey(row.apiKey),
      KYCStatus: row.kycStatus,
      RegisteredOn: row.registeredOn.toISOString(),
      Version: row.version,
      Counts: { Transactions: counts.transactions, Payouts: counts.payouts, KycSubmissions: kyc.submissions },
      LatestKyc: kyc.latest
        ? {
            ID: kyc.latest.id,
            Status: kyc.latest.status,
            LastUpdatedOn: kyc.latest.lastUpdatedOn.toISOString(),
          }
        : null,
    };
  };

  return {
    async list(params: Params<'ListMerchants'>) {
      const filter: MerchantFilter = {
        search: merchantSearchOf(params.q),
        kycStatus: params.kycStatus,
        country: params.country,
        riskProfile: params.riskProfile,
        disabledCheckout: params.disabledCheckout,
        disabledPayout: params.disabledPayout,
        lifetimeMember: params.lifetimeMember,
        registeredFrom: params.registeredFrom ? dayStart(params.registeredFrom) : undefined,
        // The To day counts whole.
        registeredBefore: params.registeredTo
          ? new Date(dayStart(params.registeredTo).getTime() + DAY)
          : undefined,
      };
      const [rows, counted] = await Promise.all([
        listMerchants(db, filter, {
          sort: params.sort,
          order: params.order,
          offset: pageOffset(params),
          limit: params.limit,
        }),
        countMerchants(db, filter, MERCHANT_COUNT_CAP),
      ]);
      const isCapped = counted > MERCHANT_COUNT_CAP;
      const page = pageAnswer<MerchantRow>(
        params,
        isCapped ? MERCHANT_COUNT_CAP : counted,
        rows.map((row) => ({
          ID: row.id,
          ShopTitle: row.shopTitle,
          OwnerNickName: row.ownerNickName,
          Name: row.name,
          Email: row.email,
          APIKey: maskApiKey(row.apiKey),
          Country: row.country,
          KYCStatus: row.kycStatus,
          RiskProfileID: row.riskProfileId,
          DisableCheckOut: row.disableCheckout,
          DisablePayout: row.disablePayout,
          LifetimeMember: row.lifetimeMember,
          RegisteredOn: row.registeredOn.toISOString(),
        })),
      );
      return { data: { records: page.records, meta: { ...page.meta, isCapped } } };
    },

    detail,

    async revealApiKey(id: number, actor: Actor): Promise<{ ID: number; APIKey: string }> {
      return db.transaction(async (tx) => {
        const row = await findMerchant(tx, id);
        if (!row) throw noMerchant();
        // Who saw whose key, never the key itself.
        await recordChange(tx, actor, {
          action: 'merchant.reveal-api-key',
          entity: MERCHANT_AUDIT_ENTITY,
          id,
        });
        return { ID: row.id, APIKey: row.apiKey };
      });
    },

    /** `action` names the audit entry: Payout Schemas records its edits as merchant.payout-schema. */
    async update(
      params: Params<'UpdateMerchant'>,
      actor: Actor,
      action = 'merchant.update',
    ): Promise<UserDetail> {
      const { ID: id, ExpectedVersion: expected, ...fields } = params;
      const given = Object.fromEntries(
        Object.entries(fields).filter(([, v]) => v !== undefined),
      ) as Partial<Editable>;
      await db.transaction(async (tx) => {
        const row = await lockMerchant(tx, id);
        if (!row) throw noMerchant();
        if (row.version !== expected)
          throw new ApiError(
            409,
            `This merchant was changed by someone else since you opened it (version ${expected}, now ${row.version}): reload it and make your change again`,
            { Version: row.version },
          );
        const before = editableOf(row);
        const problem = crossFieldProblem({ ...before, ...given });
        if (problem) throw badRequest(problem.message, { issues: [problem] });
        const changed = changedFields(before, given);
        const names = Object.keys(changed.after) as MerchantEditableField[];
        // Saving an unchanged form writes nothing, not even the version.
        if (names.length === 0) return;
        const columns: Record<string, unknown> = {};
        const details = { ...detailsOf(row.details) };
        for (const name of names) {
          if (isColumnField(name)) columns[COLUMN_OF[name]] = changed.after[name];
          else details[name] = changed.after[name];
        }
        await updateMerchant(tx, id, { columns: columns as MerchantColumnValues, details });
        await recordChange(tx, actor, {
          action,
          entity: MERCHANT_AUDIT_ENTITY,
          id,
          before: changed.before,
          after: changed.after,
        });
        // New payout account details on the user record hold bank payouts as Merchant Bank Config does
        // (ADR 0033), so this form is not a way around the 48 h hold.
        if (names.some((name) => PAYOUT_ACCOUNT_FIELDS.has(name)))
          await startPayoutHold(tx, actor, {
            merchantId: id,
            reason: 'Bank details changed on the user record',
            at: now(),
            hours: BANK_CHANGE_HOLD_HOURS,
          });
      });
      return detail(id);
    },

    async history(params: Params<'MerchantHistory'>): Promise<Page<MerchantHistoryEntry>> {
      if (!(await findMerchant(db, params.ID))) throw noMerchant();
      const [rows, total] = await Promise.all([
        listMerchantAudit(db, params.ID, {
          order: params.order,
          offset: pageOffset(params),
          limit: params.limit,
        }),
        countMerchantAudit(db, params.ID),
      ]);
      return pageAnswer(
        params,
        total,
        rows.map((row) => {
          const before = detailsOf(row.before);
          const after = detailsOf(row.after);
          const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
          return {
            ID: row.id,
            At: row.at.toISOString(),
            Actor: row.actorUsername,
            Action: row.action,
            Before: row.before === null ? null : before,
            After: row.after === null ? null : after,
            Changes: fields.map((field) => ({
              Field: field,
              Before: before[field] ?? null,
              After: after[field] ?? null,
            })),
          };
        }),
      );
    },

    async payouts(params: Params<'MerchantPayouts'>): Promise<Page<MerchantPayoutRow>> {
      if (!(await findMerchant(db, params.ID))) throw noMerchant();
      const [rows, counts] = await Promise.all([
        listMerchantPayouts(db, params.ID, {
          order: params.order,
          offset: pageOffset(params),
          limit: params.limit,
        }),
        merchantTransactionCounts(db, params.ID),
      ]);
      return pageAnswer(
        params,
        counts.payouts,
        rows.map((row) => ({
          ID: row.id,
          TransactionID: row.transactionId,
          Ref: formatTransactionRef('P', row.transactionId),
          Status: row.status,
          Amount: row.amount,
          OriginalAmount: row.originalAmount,
          InputCurrency: row.inputCurrency,
          AltCoinID: row.altCoinId,
          CoinName: row.coinName,
          CoinAddress: row.coinAddress,
          CreatedOn: row.createdOn.toISOString(),
          TransactionConfirmedOn: row.confirmedOn?.toISOString() ?? null,
        })),
      );
    },
  };
}
