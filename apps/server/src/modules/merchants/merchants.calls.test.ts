import { ADDRESS_BOOK_MESSAGES, ADMIN_CALLS, DATE_RANGE_MESSAGES } from '@bo/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, merchants } from '../../db/schema';
import { buildMerchants } from '../../db/seed/merchants.seed';
import { createRandom } from '../../db/seed/random';
import { adminPost, signInStaff } from '../../test/access-helpers';
import { insertCoin, insertTransaction } from '../../test/factories';
import { changedTables, createTableWatch } from '../../test/hostile-input';
import { adminGet, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let watch: ReturnType<typeof createTableWatch>;
const tokens: Record<string, string> = {};
/** The demo roles: who may read Users (view-users) and who may change a merchant (admin-commander). */
const READERS = ['admin', 'support', 'kyc'] as const;
const OUTSIDERS = ['marketing', 'viewer'] as const;

/** Merchants with full seeded records, each made findable by a distinct title, e-mail, key and filters. */
let ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  watch = createTableWatch(t.database.db);
  await insertCoin(t.database.db, { id: 1, name: 'Bitcoin', isOnline: true, buyEnabled: true, eur: null });
  for (const user of [...READERS, ...OUTSIDERS]) tokens[user] = (await signInStaff(t.app, user)).token;
  const built = buildMerchants(createRandom(99), 4, new Date('2026-03-01T12:00:00Z'), 30);
  const specials = [
    {
      shopTitle: 'Zebra Lantern Books',
      ownerNickName: 'zlantern',
      email: 'hello@zebralantern.nl',
      apiKey: 'abcd1234'.padEnd(40, '0'),
      country: 'NL',
      kycStatus: 'approved' as const,
      riskProfileId: 3,
      disableCheckout: true,
      disablePayout: false,
      lifetimeMember: true,
      registeredOn: new Date('2025-01-10T10:00:00Z'),
    },
    {
      shopTitle: 'Quokka Coffee',
      ownerNickName: 'zquokka',
      email: 'shop@quokka.de',
      apiKey: 'ffee9876'.padEnd(40, '1'),
      country: 'DE',
      kycStatus: 'pending' as const,
      riskProfileId: 1,
      disableCheckout: false,
      disablePayout: true,
      lifetimeMember: false,
      registeredOn: new Date('2025-02-20T10:00:00Z'),
    },
    {
      shopTitle: 'Yak Zebra Outdoor',
      ownerNickName: 'yakz',
      email: 'info@yakoutdoor.fr',
      apiKey: 'beef5555'.padEnd(40, '2'),
      country: 'FR',
      kycStatus: 'none' as const,
      riskProfileId: 2,
      disableCheckout: false,
      disablePayout: false,
      lifetimeMember: false,
      registeredOn: new Date('2025-03-05T10:00:00Z'),
    },
  ];
  ids = [];
  for (const [i, special] of specials.entries()) {
    const merchant = built[i];
    if (!merchant) throw new Error('no built merchant');
    const [row] = await t.database.db
      .insert(merchants)
      .values({ ...merchant.row, ...special })
      .returning({ id: merchants.id });
    if (!row) throw new Error('merchant not inserted');
    ids.push(row.id);
  }
});
afterAll(() => t.close());

const get = (user: string, call: string, query: Record<string, string> = {}) =>
  adminGet(t.app, tokens[user] ?? '', call, query);
const post = (user: string, call: string, params: object) =>
  adminPost(t.app, tokens[user] ?? '', call, params);

const list = async (query: Record<string, string> = {}) => {
  const response = await get('admin', 'ListMerchants', query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.ListMerchants.data.parse(response.json().data).data;
};
const titles = async (query: Record<string, string>) => (await list(query)).records.map((r) => r.ShopTitle);
const detail = async (id: number) => {
  const response = await get('admin', 'UserDetail', { ID: String(id) });
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.UserDetail.data.parse(response.json().data);
};
const history = async (id: number, query: Record<string, string> = {}) => {
  const response = await get('support', 'MerchantHistory', { ID: String(id), ...query });
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.MerchantHistory.data.parse(response.json().data);
};
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'merchant'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
/** Runs `act` and answers the tables it changed. */
const tablesChangedBy = async (act: () => Promise<unknown>) => {
  const before = await watch.snapshot();
  await act();
  return changedTables(before, await watch.snapshot());
};

describe('who may call', () => {
  it('lets admin, support and kyc read Users, User Detail, History and Payouts; refuses marketing and viewer', async () => {
    const id = String(ids[0]);
    const reads: Array<[string, Record<string, string>]> = [
      ['ListMerchants', {}],
      ['UserDetail', { ID: id }],
      ['MerchantHistory', { ID: id }],
      ['MerchantPayouts', { ID: id }],
    ];
    for (const [call, query] of reads) {
      for (const user of READERS)
        expect((await get(user, call, query)).statusCode, `${user} ${call}`).toBe(200);
      for (const user of OUTSIDERS) {
        const refused = await get(user, call, query);
        expect(refused.statusCode, `${user} ${call}`).toBe(403);
        expect(refused.json()).toEqual({ status_code: 403, message: 'Forbidden', data: null });
      }
    }
  });

  it('lets only admin-commander reveal a key or change a merchant, and writes nothing for the others', async () => {
    const { Version } = await detail(ids[0] as number);
    for (const user of ['support', 'kyc', 'marketing', 'viewer']) {
      const changed = await tablesChangedBy(async () => {
        expect((await post(user, 'RevealMerchantApiKey', { ID: ids[0] })).statusCode).toBe(403);
        const update = await post(user, 'UpdateMerchant', {
          ID: ids[0],
          ExpectedVersion: Version,
          City: 'Delft',
        });
        expect(update.statusCode).toBe(403);
      });
      expect(changed).toEqual([]);
    }
  });
});

describe('ListMerchants', () => {
  it('lists newest registrations first by default, with a masked API key and the meta of the page', async () => {
    const page = await list();
    expect(page.records.map((r) => r.ShopTitle)).toEqual([
      'Yak Zebra Outdoor',
      'Quokka Coffee',
      'Zebra Lantern Books',
    ]);
    expect(page.meta).toEqual({ total: 3, offset: 0, limit: 25, page: 1, isCapped: false });
    expect(page.records[2]).toMatchObject({
      ID: ids[0],
      OwnerNickName: 'zlantern',
      APIKey: 'abcd…',
      Country: 'NL',
      KYCStatus: 'approved',
      RiskProfileID: 3,
      DisableCheckOut: true,
      LifetimeMember: true,
      RegisteredOn: '2025-01-10T10:00:00.000Z',
    });
  });

  it('finds a merchant by id, shop title (start or part), owner, e-mail and API key prefix', async () => {
    expect(await titles({ q: String(ids[1]) })).toEqual(['Quokka Coffee']);
    expect(await titles({ q: 'qu' })).toEqual(['Quokka Coffee']);
    expect(await titles({ q: 'ZEBRA' })).toEqual(['Yak Zebra Outdoor', 'Zebra Lantern Books']);
    expect(await titles({ q: 'lantern' })).toEqual(['Zebra Lantern Books']);
    expect(await titles({ q: 'yakz' })).toEqual(['Yak Zebra Outdoor']);
    expect(await titles({ q: 'shop@quokka' })).toEqual(['Quokka Coffee']);
    expect(await titles({ q: 'beef5' })).toEqual(['Yak Zebra Outdoor']);
    expect(await titles({ q: 'nothing-like-this' })).toEqual([]);
  });

  it('filters on KYC state, country, risk profile, disabled checkout and payout, lifetime member and the registered range', async () => {
    expect(await titles({ kycStatus: 'pending' })).toEqual(['Quokka Coffee']);
    expect(await titles({ country: 'fr' })).toEqual(['Yak Zebra Outdoor']);
    expect(await titles({ riskProfile: '3' })).toEqual(['Zebra Lantern Books']);
    expect(await titles({ disabledCheckout: '1' })).toEqual(['Zebra Lantern Books']);
    expect(await titles({ disabledPayout: 'true' })).toEqual(['Quokka Coffee']);
    expect(await titles({ lifetimeMember: '0' })).toEqual(['Yak Zebra Outdoor', 'Quokka Coffee']);
    expect(await titles({ registeredFrom: '2025-02-20', registeredTo: '2025-02-20' })).toEqual([
      'Quokka Coffee',
    ]);
    expect(await titles({ registeredTo: '2025-02-19' })).toEqual(['Zebra Lantern Books']);
    expect(await titles({ q: 'zebra', country: 'NL' })).toEqual(['Zebra Lantern Books']);
  });

  it('sorts by shop title, e-mail and id either way, and pages', async () => {
    expect(await titles({ sort: 'ShopTitle', order: 'asc' })).toEqual([
      'Quokka Coffee',
      'Yak Zebra Outdoor',
      'Zebra Lantern Books',
    ]);
    expect(await titles({ sort: 'Email', order: 'asc' })).toEqual([
      'Zebra Lantern Books',
      'Yak Zebra Outdoor',
      'Quokka Coffee',
    ]);
    expect(await titles({ sort: 'ID', order: 'asc' })).toEqual([
      'Zebra Lantern Books',
      'Quokka Coffee',
      'Yak Zebra Outdoor',
    ]);
    const second = await list({ sort: 'ID', order: 'asc', limit: '2', page: '2' });
    expect(second.records.map((r) => r.ShopTitle)).toEqual(['Yak Zebra Outdoor']);
    expect(second.meta).toMatchObject({ total: 3, offset: 2, limit: 2, page: 2 });
  });

  it('refuses From after To, an unknown filter value and an unknown sort with a 400 naming the field', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { registeredFrom: '2025-03-01', registeredTo: '2025-02-01' },
        'registeredFrom',
        DATE_RANGE_MESSAGES.fromAfterTo,
      ],
      [
        { kycStatus: 'maybe' },
        'kycStatus',
        'The KYC state must be one of none, pending, more-info, approved, rejected',
      ],
      [{ country: 'Netherlands' }, 'country', 'The country must be a two-letter country code (e.g. NL)'],
      [{ riskProfile: '9' }, 'riskProfile', 'The risk profile must be 1, 2 or 3'],
      [{ sort: 'Password' }, 'sort', 'Sort by one of RegisteredOn, ID, ShopTitle, Email'],
    ];
    for (const [query, path, message] of cases) {
      const response = await get('admin', 'ListMerchants', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().data.issues[0]).toEqual({ path, message });
    }
  });
});

describe('UserDetail and RevealMerchantApiKey', () => {
  it('answers the whole record with the key masked, its version, counts and KYC state', async () => {
    const id = ids[1] as number;
    await insertTransaction(t.database.db, {
      merchantId: id,
      altCoinId: 1,
      status: 'paid',
      amount: '1.00000000',
    });
    await insertTransaction(t.database.db, {
      merchantId: id,
      altCoinId: 1,
      status: 'payout-completed',
      amount: '0.50000000',
    });
    const record = await detail(id);
    expect(record).toMatchObject({
      ID: id,
      ShopTitle: 'Quokka Coffee',
      APIKey: 'ffee…',
      KYCStatus: 'pending',
      Version: 1,
      Counts: { Transactions: 1, Payouts: 1, KycSubmissions: 0 },
      LatestKyc: null,
    });
    expect(record.AddressBook).toHaveProperty('crypto');
    expect(JSON.stringify(record)).not.toContain('ffee9876');
  });

  it('answers 404 for an unknown merchant and 400 for a bad id', async () => {
    expect((await get('admin', 'UserDetail', { ID: '999999' })).statusCode).toBe(404);
    const bad = await get('admin', 'UserDetail', { ID: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.issues[0].path).toBe('ID');
  });

  it('reveals the key to admin-commander and records who revealed it, without the key', async () => {
    const response = await post('admin', 'RevealMerchantApiKey', { ID: ids[2] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ ID: ids[2], APIKey: 'beef5555'.padEnd(40, '2') });
    const [entry] = await auditOf(ids[2] as number);
    expect(entry).toMatchObject({
      action: 'merchant.reveal-api-key',
      actorUsername: 'admin',
      before: null,
      after: null,
    });
    const trail = await history(ids[2] as number);
    expect(trail.records[0]).toMatchObject({
      Actor: 'admin',
      Action: 'merchant.reveal-api-key',
      Changes: [],
    });
  });
});

describe('UpdateMerchant and MerchantHistory', () => {
  it('saves changed fields as one audited change with before and after, shown newest first in History', async () => {
    const id = ids[0] as number;
    const before = await detail(id);
    const response = await post('admin', 'UpdateMerchant', {
      ID: id,
      ExpectedVersion: before.Version,
      ShopTitle: 'Zebra Lantern Books & Maps',
      City: 'Delft',
      DisablePayout: true,
      FlexibilityPercentage: '2.50',
      Referral: '',
      Country: before.Country,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = ADMIN_CALLS.UpdateMerchant.data.parse(response.json().data);
    expect(after).toMatchObject({
      ShopTitle: 'Zebra Lantern Books & Maps',
      City: 'Delft',
      DisablePayout: true,
      FlexibilityPercentage: '2.50',
      Referral: null,
      Version: before.Version + 1,
    });
    const entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'merchant.update', actorUsername: 'admin' });
    const changed = [
      'ShopTitle',
      'City',
      'DisablePayout',
      'FlexibilityPercentage',
      ...(before.Referral ? ['Referral'] : []),
    ];
    expect(Object.keys(entries[0]?.after as object).sort()).toEqual(changed.sort());
    expect(entries[0]?.before).toMatchObject({ ShopTitle: 'Zebra Lantern Books', DisablePayout: false });

    const second = await post('admin', 'UpdateMerchant', {
      ID: id,
      ExpectedVersion: after.Version,
      City: 'Leiden',
    });
    expect(second.statusCode, second.body).toBe(200);
    const trail = await history(id);
    expect(trail.meta.total).toBe(2);
    expect(trail.records.map((r) => r.Action)).toEqual(['merchant.update', 'merchant.update']);
    expect(trail.records[0]?.Changes).toEqual([{ Field: 'City', Before: 'Delft', After: 'Leiden' }]);
    expect(trail.records[1]?.Changes).toContainEqual({
      Field: 'ShopTitle',
      Before: 'Zebra Lantern Books',
      After: 'Zebra Lantern Books & Maps',
    });
    const oldestFirst = await history(id, { order: 'asc', limit: '1' });
    expect(oldestFirst.records[0]?.Changes.map((c) => c.Field)).toContain('ShopTitle');
  });

  it('writes nothing when nothing changed', async () => {
    const id = ids[2] as number;
    const before = await detail(id);
    const changed = await tablesChangedBy(async () => {
      const response = await post('admin', 'UpdateMerchant', {
        ID: id,
        ExpectedVersion: before.Version,
        City: before.City,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.Version).toBe(before.Version);
    });
    expect(changed).toEqual([]);
  });

  it('refuses a change made against an older version with 409 and writes nothing', async () => {
    const id = ids[1] as number;
    const { Version } = await detail(id);
    expect(
      (await post('admin', 'UpdateMerchant', { ID: id, ExpectedVersion: Version, City: 'Bonn' })).statusCode,
    ).toBe(200);
    const changed = await tablesChangedBy(async () => {
      const stale = await post('admin', 'UpdateMerchant', { ID: id, ExpectedVersion: Version, City: 'Köln' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/changed by someone else since you opened it/);
      expect(stale.json().data).toEqual({ Version: Version + 1 });
    });
    expect(changed).toEqual([]);
    expect((await detail(id)).City).toBe('Bonn');
  });

  it('refuses bad fields with a 400 naming the field, and writes nothing', async () => {
    const id = ids[2] as number;
    const { Version } = await detail(id);
    const book = {
      transferwise: [],
      crypto: [
        { id: 'a', label: 'One', altCoinId: 1, address: 'bc1qexampleaddress0001', default: true },
        { id: 'b', label: 'Two', altCoinId: 1, address: 'bc1qexampleaddress0002', default: true },
      ],
    };
    const cases: Array<[object, string, string]> = [
      [{ Email: 'not-an-email' }, 'Email', 'The e-mail address must be a valid e-mail address'],
      [
        { ConfirmURL: 'ftp://x' },
        'ConfirmURL',
        'The confirm URL must be a web address starting with http:// or https://',
      ],
      [
        { FlexibilityPercentage: '101' },
        'FlexibilityPercentage',
        'The flexibility percentage must be a number from 0 to 100%',
      ],
      [{ ShopTitle: '   ' }, 'ShopTitle', 'The shop title is required'],
      [
        { IBAN: 'NL00INGB0000000000' },
        'IBAN',
        'The IBAN is not valid (check the country code, the check digits and the length)',
      ],
      [{ PayoutSchema: 'moon' }, 'PayoutSchema', 'Choose one of the payout schema options'],
      [{ AddressBook: book }, 'AddressBook.crypto', ADDRESS_BOOK_MESSAGES.cryptoDefault],
      [{ RiskProfileID: 7 }, 'RiskProfileID', 'The risk profile must be 1, 2 or 3'],
      [
        { PayoutSchema: 'bank-address-book', AddressBook: { transferwise: [], crypto: [] } },
        'PayoutSchema',
        'Bank address book default needs a bank account in the address book',
      ],
      [{}, 'ExpectedVersion', 'The expected version must be a number'],
    ];
    for (const [fields, path, message] of cases) {
      const changed = await tablesChangedBy(async () => {
        const params =
          path === 'ExpectedVersion' ? { ID: id } : { ID: id, ExpectedVersion: Version, ...fields };
        const response = await post('admin', 'UpdateMerchant', params);
        expect(response.statusCode, JSON.stringify(fields)).toBe(400);
        expect(response.json().data.issues[0]).toEqual({ path, message });
      });
      expect(changed, JSON.stringify(fields)).toEqual([]);
    }
    expect((await detail(id)).Version).toBe(Version);
  });

  it('answers 404 for an unknown merchant', async () => {
    expect(
      (await post('admin', 'UpdateMerchant', { ID: 999999, ExpectedVersion: 1, City: 'X' })).statusCode,
    ).toBe(404);
    expect((await get('admin', 'MerchantHistory', { ID: '999999' })).statusCode).toBe(404);
  });
});

describe('MerchantPayouts', () => {
  it("lists only the merchant's payouts, newest first, paged, with their P reference", async () => {
    const id = ids[2] as number;
    const older = await insertTransaction(t.database.db, {
      merchantId: id,
      altCoinId: 1,
      status: 'payout-pending',
      amount: '0.10000000',
      createdOn: new Date('2026-02-01T10:00:00Z'),
    });
    const newer = await insertTransaction(t.database.db, {
      merchantId: id,
      altCoinId: 1,
      status: 'payout-completed',
      amount: '0.20000000',
      createdOn: new Date('2026-02-02T10:00:00Z'),
    });
    await insertTransaction(t.database.db, {
      merchantId: id,
      altCoinId: 1,
      status: 'paid',
      amount: '9.00000000',
    });
    const response = await get('kyc', 'MerchantPayouts', { ID: String(id), limit: '1' });
    expect(response.statusCode, response.body).toBe(200);
    const page = ADMIN_CALLS.MerchantPayouts.data.parse(response.json().data);
    expect(page.meta).toMatchObject({ total: 2, limit: 1 });
    expect(page.records).toEqual([
      expect.objectContaining({
        TransactionID: newer.transactionId,
        Ref: `P${String(newer.transactionId).padStart(9, '0')}`,
        Status: 'payout-completed',
        Amount: '0.20000000',
      }),
    ]);
    const next = await get('kyc', 'MerchantPayouts', { ID: String(id), limit: '1', page: '2' });
    expect(next.json().data.records[0].TransactionID).toBe(older.transactionId);
  });
});
