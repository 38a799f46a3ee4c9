import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../database';
import { kycDocuments, kycSubmissions, merchants } from '../schema';
import { DEMO_COINS, demoAddress } from './catalog.seed';
import {
  DEMO_KYC_DOCUMENT_MIME,
  DEMO_REJECTION_REASONS,
  demoKycDocument,
  kycIdentityOf,
} from './kyc-documents.seed';
import type { Random } from './random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Payout schema codes stored in merchants.payout_schema (SPEC §3's payout schema options). */
export const PAYOUT_SCHEMAS = [
  'keep',
  'eur-bank',
  'usd-bank',
  'gbp-bank',
  'wallet',
  'paypal',
  'payeer',
  'bank-address-book',
  'crypto-address-book',
] as const;
export type PayoutSchema = (typeof PAYOUT_SCHEMAS)[number];

export interface TransferwiseEntry {
  id: string;
  label: string;
  currency: 'EUR' | 'USD' | 'GBP';
  accountHolder: string;
  iban: string | null;
  accountNumber: string | null;
  bic: string;
  default: boolean;
}

export interface CryptoAddressEntry {
  id: string;
  label: string;
  altCoinId: number;
  address: string;
  default: boolean;
}

/** The payout address book (SPEC §3): transferwise and crypto entries, at most one default in each. */
export interface MerchantAddressBook {
  transferwise: TransferwiseEntry[];
  crypto: CryptoAddressEntry[];
}

/** merchants.details: the fields of SPEC §3's merchant record that have no column of their own. */
export interface MerchantDetails {
  Autonomy: boolean;
  ChargingMethod: 'merchant' | 'customer' | 'split';
  ConfirmURL: string;
  FailURL: string;
  ECommerceKey: string;
  ShopIntegrationKey: string;
  ShopPlatform: string;
  PreferredCoinIDs: number[];
  SelectedAltcoins: number[];
  PayoutExcludes: number[];
  FlexibilityPercentage: string;
  /** The platform's fee on this merchant's payments, in percent; revenue_eur is volume × this. */
  FeePercentage: string;
  PayoutTo: string | null;
  BankName: string | null;
  BankAccountHolder: string | null;
  IBAN: string | null;
  BIC: string | null;
  BankAccountNumber: string | null;
  BankRoutingNumber: string | null;
  BankCountry: string | null;
  FirstName: string;
  LastName: string;
  DateOfBirth: string;
  Nationality: string | null;
  IdentityDocumentType: 'passport' | 'id-card' | 'driving-licence';
  IdentityDocumentNumber: string;
  Phone: string;
  CompanyName: string;
  CompanyRegistrationNumber: string | null;
  VATNumber: string | null;
  Street: string;
  HouseNumber: string;
  PostalCode: string;
  City: string;
  AddressCountry: string | null;
  PEP: boolean;
  NotifyOnPayment: boolean;
  NotifyOnPayout: boolean;
  NotifyOnExpired: boolean;
  NotifyOnKYC: boolean;
  NotificationEmail: string;
  Newsletter: boolean;
  PayPalEnabled: boolean;
  PayPalEmail: string | null;
  BankEnabled: boolean;
  PayeerEnabled: boolean;
  PayeerAccount: string | null;
  TwoFactorEnabled: boolean;
  Website: string;
  Twitter: string | null;
  Facebook: string | null;
  Instagram: string | null;
  LinkedIn: string | null;
  Telegram: string | null;
  Avatar: string | null;
  MaxLTR: string;
  ShowInternationalCC: boolean;
  MasterTransactionFunction: boolean;
  AddressBook: MerchantAddressBook;
}

/** A generated merchant with what the transaction generator needs to know about it. */
export interface DemoMerchant {
  id: number;
  row: typeof merchants.$inferInsert & { registeredOn: Date; details: MerchantDetails };
  domain: string;
  /** Relative share of the platform's traffic. */
  activity: number;
  /** Fee in hundredths of a percent (basis points), mirrored in details.FeePercentage. */
  feeBps: number;
  /** Coin id of the default crypto payout, for wallet payouts. */
  payoutCoinId: number;
  payoutAddress: string | null;
}

interface CountryInfo {
  code: string;
  /** Relative share of merchants from this country. */
  weight: number;
  /** Legal-form suffix of a company name. */
  company: string;
  locale: string;
  phone: string;
  tld: string;
  cities: readonly string[];
  /** BBAN pattern: A = letter, 9 = digit; null where IBANs are not used. */
  bban: string | null;
  postal: string;
  banks: ReadonlyArray<readonly [string, string]>;
}

const COUNTRIES: readonly CountryInfo[] = [
  {
    code: 'NL',
    weight: 24,
    company: 'B.V.',
    locale: 'nl',
    phone: '+31 6',
    tld: 'nl',
    cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', 'Groningen', 'Haarlem'],
    bban: 'AAAA9999999999',
    postal: '9999 AA',
    banks: [
      ['ING Bank', 'INGBNL2A'],
      ['Rabobank', 'RABONL2U'],
      ['ABN AMRO', 'ABNANL2A'],
      ['bunq', 'BUNQNL2A'],
    ],
  },
  {
    code: 'DE',
    weight: 16,
    company: 'GmbH',
    locale: 'de',
    phone: '+49 151',
    tld: 'de',
    cities: ['Berlin', 'Munich', 'Hamburg', 'Cologne', 'Frankfurt', 'Leipzig'],
    bban: '999999999999999999',
    postal: '99999',
    banks: [
      ['Deutsche Bank', 'DEUTDEFF'],
      ['Commerzbank', 'COBADEFF'],
      ['N26', 'NTSBDEB1'],
      ['Sparkasse', 'HASPDEHH'],
    ],
  },
  {
    code: 'BE',
    weight: 7,
    company: 'BV',
    locale: 'nl',
    phone: '+32 47',
    tld: 'be',
    cities: ['Brussels', 'Antwerp', 'Ghent', 'Leuven', 'Bruges'],
    bban: '999999999999',
    postal: '9999',
    banks: [
      ['KBC', 'KREDBEBB'],
      ['BNP Paribas Fortis', 'GEBABEBB'],
      ['Belfius', 'GKCCBEBB'],
    ],
  },
  {
    code: 'FR',
    weight: 7,
    company: 'SARL',
    locale: 'fr',
    phone: '+33 6',
    tld: 'fr',
    cities: ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Bordeaux', 'Lille'],
    bban: '99999999999999999999999',
    postal: '99999',
    banks: [
      ['BNP Paribas', 'BNPAFRPP'],
      ['Société Générale', 'SOGEFRPP'],
      ['Crédit Agricole', 'AGRIFRPP'],
    ],
  },
  {
    code: 'ES',
    weight: 6,
    company: 'S.L.',
    locale: 'es',
    phone: '+34 6',
    tld: 'es',
    cities: ['Madrid', 'Barcelona', 'Valencia', 'Seville', 'Malaga'],
    bban: '99999999999999999999',
    postal: '99999',
    banks: [
      ['Banco Santander', 'BSCHESMM'],
      ['BBVA', 'BBVAESMM'],
      ['CaixaBank', 'CAIXESBB'],
    ],
  },
  {
    code: 'IT',
    weight: 5,
    company: 'S.r.l.',
    locale: 'it',
    phone: '+39 3',
    tld: 'it',
    cities: ['Milan', 'Rome', 'Turin', 'Naples', 'Bologna', 'Florence'],
    bban: 'A9999999999999999999999',
    postal: '99999',
    banks: [
      ['Intesa Sanpaolo', 'BCITITMM'],
      ['UniCredit', 'UNCRITMM'],
    ],
  },
  {
    code: 'GB',
    weight: 9,
    company: 'Ltd',
    locale: 'en',
    phone: '+44 7',
    tld: 'co.uk',
    cities: ['London', 'Manchester', 'Bristol', 'Edinburgh', 'Leeds'],
    bban: 'AAAA99999999999999',
    postal: 'AA9 9AA',
    banks: [
      ['Barclays', 'BARCGB22'],
      ['HSBC UK', 'HBUKGB4B'],
      ['Monzo', 'MONZGB2L'],
      ['Revolut', 'REVOGB21'],
    ],
  },
  {
    code: 'AT',
    weight: 4,
    company: 'GmbH',
    locale: 'de',
    phone: '+43 664',
    tld: 'at',
    cities: ['Vienna', 'Graz', 'Salzburg', 'Linz'],
    bban: '9999999999999999',
    postal: '9999',
    banks: [
      ['Erste Bank', 'GIBAATWW'],
      ['Raiffeisen', 'RZBAATWW'],
    ],
  },
  {
    code: 'CH',
    weight: 4,
    company: 'AG',
    locale: 'de',
    phone: '+41 79',
    tld: 'ch',
    cities: ['Zurich', 'Geneva', 'Basel', 'Zug', 'Lausanne'],
    bban: '99999999999999999',
    postal: '9999',
    banks: [
      ['UBS', 'UBSWCHZH'],
      ['PostFinance', 'POFICHBE'],
    ],
  },
  {
    code: 'PL',
    weight: 3,
    company: 'Sp. z o.o.',
    locale: 'pl',
    phone: '+48 5',
    tld: 'pl',
    cities: ['Warsaw', 'Krakow', 'Wroclaw', 'Gdansk'],
    bban: '999999999999999999999999',
    postal: '99-999',
    banks: [
      ['PKO Bank Polski', 'BPKOPLPW'],
      ['mBank', 'BREXPLPW'],
    ],
  },
  {
    code: 'PT',
    weight: 3,
    company: 'Lda.',
    locale: 'pt',
    phone: '+351 91',
    tld: 'pt',
    cities: ['Lisbon', 'Porto', 'Braga', 'Faro'],
    bban: '999999999999999999999',
    postal: '9999-999',
    banks: [
      ['Millennium bcp', 'BCOMPTPL'],
      ['Caixa Geral', 'CGDIPTPL'],
    ],
  },
  {
    code: 'SE',
    weight: 2,
    company: 'AB',
    locale: 'en',
    phone: '+46 70',
    tld: 'se',
    cities: ['Stockholm', 'Gothenburg', 'Malmo', 'Uppsala'],
    bban: '99999999999999999999',
    postal: '999 99',
    banks: [
      ['SEB', 'ESSESESS'],
      ['Swedbank', 'SWEDSESS'],
    ],
  },
  {
    code: 'IE',
    weight: 2,
    company: 'Ltd',
    locale: 'en',
    phone: '+353 85',
    tld: 'ie',
    cities: ['Dublin', 'Cork', 'Galway'],
    bban: 'AAAA99999999999999',
    postal: 'A99 A9A9',
    banks: [
      ['Bank of Ireland', 'BOFIIE2D'],
      ['AIB', 'AIBKIE2D'],
    ],
  },
  {
    code: 'US',
    weight: 5,
    company: 'LLC',
    locale: 'en',
    phone: '+1 415',
    tld: 'com',
    cities: ['New York', 'Austin', 'Miami', 'San Francisco', 'Chicago'],
    bban: null,
    postal: '99999',
    banks: [
      ['Chase', 'CHASUS33'],
      ['Bank of America', 'BOFAUS3N'],
      ['Wells Fargo', 'WFBIUS6S'],
    ],
  },
];
// biome-ignore format: word list
const FIRST_NAMES = [
  'Jan', 'Sanne', 'Pieter', 'Emma', 'Daan', 'Lotte', 'Thomas', 'Anna', 'Lukas', 'Mia', 'Sophie', 'Max',
  'Julia', 'Louis', 'Chloé', 'Hugo', 'Lucía', 'Pablo', 'Giulia', 'Marco', 'Oliver', 'Amelia', 'Harry',
  'Isla', 'Jakub', 'Zofia', 'João', 'Inês', 'Erik', 'Astrid', 'Sean', 'Aoife', 'Noah', 'Olivia', 'Liam',
  'Elif', 'Mehmet', 'Yara', 'Ravi', 'Mei',
];
// biome-ignore format: word list
const LAST_NAMES = [
  'de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Müller', 'Schmidt', 'Schneider', 'Fischer',
  'Weber', 'Martin', 'Bernard', 'Dubois', 'García', 'Fernández', 'Rossi', 'Russo', 'Smith', 'Jones',
  'Taylor', 'Brown', 'Nowak', 'Kowalski', 'Silva', 'Santos', 'Andersson', 'Johansson', 'Murphy', 'Kelly',
  'Peeters', 'Maes', 'Huber', 'Gruber', 'Keller', 'Yilmaz', 'Kaya', 'Patel', 'Chen', 'Novak',
];
// biome-ignore format: word list
const ADJECTIVES = [
  'Nordic', 'Blue', 'Golden', 'Urban', 'Green', 'Royal', 'Alpine', 'Coastal', 'Bright', 'Silver', 'Happy',
  'Little', 'Grand', 'Swift', 'Wild', 'Modern', 'Classic', 'Sunny', 'Crimson', 'Quiet',
];
// biome-ignore format: word list
const NOUNS = [
  'Harbor', 'Peak', 'Fox', 'Oak', 'Lantern', 'Anchor', 'Falcon', 'Maple', 'Pixel', 'Tulip', 'Windmill',
  'Canal', 'Cedar', 'Comet', 'Harvest', 'Otter', 'Beacon', 'Orchid',
];
// biome-ignore format: word list
const TRADES = [
  'Electronics', 'Coffee Roasters', 'Books', 'Gaming', 'Bikes', 'Fashion', 'Hosting', 'VPN', 'Jewelry',
  'Studio', 'Outdoor', 'Tea House', 'Records', 'Wine Cellar', 'Print Shop', 'Hardware', 'Pet Supplies',
  'Travel', 'Cosmetics', 'Software', 'Art Gallery', 'Furniture', 'Sneakers', 'Watches', 'Domains',
];
// biome-ignore format: word list
const STREETS = [
  'Main Street', 'Station Road', 'Market Square', 'Church Lane', 'Harbour Way', 'Park Avenue', 'Mill Road',
  'Kerkstraat', 'Hauptstraße', 'Rue de la Paix', 'Calle Mayor', 'Via Roma', 'Dorpsstraat', 'Bahnhofstraße',
];
const PLATFORMS = ['WooCommerce', 'Magento', 'Shopify', 'PrestaShop', 'OpenCart', 'Lightspeed', 'Custom API'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const PREFERRED_COINS = [1, 5, 13, 14, 2, 6, 18, 33, 625];

const slug = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const fromPattern = (rng: Random, pattern: string): string =>
  [...pattern]
    .map((ch) => (ch === 'A' ? rng.chars(LETTERS, 1) : ch === '9' ? rng.chars(DIGITS, 1) : ch))
    .join('');

/** An IBAN with valid ISO 13616 check digits, so validators in the UI accept the demo data. */
export function demoIban(rng: Random, country: string, bban: string): string {
  const body = fromPattern(rng, bban);
  const numeric = [...`${body}${country}00`]
    .map((ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch))
    .join('');
  const check = 98n - (BigInt(numeric) % 97n);
  return `${country}${check.toString().padStart(2, '0')}${body}`;
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

function registrationTimes(rng: Random, count: number, now: Date, days: number): Date[] {
  const nowMs = now.getTime();
  const periodStart = nowMs - days * DAY;
  const times: number[] = [];
  // The dashboard's 'New Registrations' box and the 24H counter need some, whatever the seed.
  for (let i = 0; i < 4; i++) times.push(nowMs - rng.int(10 * 60_000, 23 * HOUR));
  for (let i = 0; i < 6; i++) times.push(nowMs - rng.int(DAY, 7 * DAY));
  for (let i = times.length; i < count; i++) {
    times.push(
      rng.chance(0.4)
        ? periodStart - rng.int(0, 365 * DAY)
        : periodStart + Math.floor(rng.next() * (nowMs - periodStart)),
    );
  }
  return times.sort((a, b) => a - b).map((t) => new Date(t));
}

function addressBook(
  rng: Random,
  holder: string,
  iban: string | null,
  bic: string,
  payoutCoinId: number,
  payoutAddress: string | null,
): MerchantAddressBook {
  const transferwise: TransferwiseEntry[] = [];
  const bankCount = iban ? rng.int(0, 3) : 0;
  for (let i = 0; i < bankCount; i++) {
    const currency = i === 0 ? 'EUR' : rng.pick(['EUR', 'USD', 'GBP'] as const);
    transferwise.push({
      id: `tw-${rng.hex(8)}`,
      label: i === 0 ? 'Main account' : `${currency} account ${i + 1}`,
      currency,
      accountHolder: holder,
      iban: i === 0 ? iban : demoIban(rng, 'NL', 'AAAA9999999999'),
      accountNumber: null,
      bic,
      default: i === 0,
    });
  }
  const crypto: CryptoAddressEntry[] = [];
  const cryptoCount = payoutAddress ? rng.int(1, 3) : 0;
  for (let i = 0; i < cryptoCount; i++) {
    const coinId = i === 0 ? payoutCoinId : rng.pick([1, 5, 13, 2]);
    const coin = DEMO_COINS.find((c) => c.id === coinId);
    crypto.push({
      id: `cr-${rng.hex(8)}`,
      label: i === 0 ? 'Cold wallet' : `${coin?.shortName ?? 'Coin'} wallet`,
      altCoinId: coinId,
      address: i === 0 && payoutAddress ? payoutAddress : demoAddress(rng, coin?.address ?? null),
      default: i === 0,
    });
  }
  return { transferwise, crypto };
}

/** About `count` merchants with full records, registered over and before the seeded period, oldest first. */
export function buildMerchants(rng: Random, count: number, now: Date, days: number): DemoMerchant[] {
  const times = registrationTimes(rng, count, now, days);
  const titles = new Set<string>();
  const nicks = new Set<string>();
  return times.map((registeredOn) => {
    const countryCode = rng.chance(0.04)
      ? null
      : rng.weighted(COUNTRIES.map((c) => [c.code, c.weight] as const));
    const country = COUNTRIES.find((c) => c.code === (countryCode ?? 'NL')) as CountryInfo;
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const name = `${firstName} ${lastName}`;
    let shopTitle = '';
    do {
      shopTitle = rng.chance(0.25)
        ? `${lastName.replace(/^de /, 'De ')} ${rng.pick(TRADES)}`
        : `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} ${rng.pick(TRADES)}`;
    } while (titles.has(shopTitle));
    titles.add(shopTitle);
    let nick = '';
    do {
      nick = rng.weighted([
        [`${slug(firstName).charAt(0)}${slug(lastName).replace(/-/g, '')}`, 4],
        [`${slug(firstName)}.${slug(lastName).replace(/-/g, '')}`, 2],
        [`${slug(shopTitle).split('-')[0]}${rng.int(1, 99)}`, 2],
      ]);
      if (nicks.has(nick)) nick = `${nick}${rng.int(2, 999)}`;
    } while (nicks.has(nick));
    nicks.add(nick);
    const domain = `${slug(shopTitle).replace(/-/g, '')}.${country.tld}`;
    const email = rng.chance(0.6)
      ? `info@${domain}`
      : `${slug(firstName)}.${slug(lastName).replace(/-/g, '')}@${domain}`;
    const [bankName, bic] = rng.pick(country.banks);
    const iban = country.bban ? demoIban(rng, country.code, country.bban) : null;
    const schema = rng.weighted<PayoutSchema>([
      ['keep', 8],
      [country.code === 'US' ? 'usd-bank' : country.code === 'GB' ? 'gbp-bank' : 'eur-bank', 34],
      ['usd-bank', 3],
      ['wallet', 22],
      ['paypal', 6],
      ['payeer', 3],
      ['bank-address-book', 10],
      ['crypto-address-book', 14],
    ]);
    const payoutCoinId = rng.weighted<number>([
      [1, 45],
      [5, 20],
      [13, 15],
      [14, 8],
      [2, 6],
      [33, 6],
    ]);
    const payoutCoin = DEMO_COINS.find((c) => c.id === payoutCoinId);
    const payoutAddress =
      schema === 'wallet' || schema === 'crypto-address-book' || rng.chance(0.3)
        ? demoAddress(rng, payoutCoin?.address ?? null)
        : null;
    const book = addressBook(rng, shopTitle, iban, bic, payoutCoinId, payoutAddress);
    if (schema === 'bank-address-book' && book.transferwise.length === 0 && iban) {
      book.transferwise.push({
        id: `tw-${rng.hex(8)}`,
        label: 'Main account',
        currency: 'EUR',
        accountHolder: shopTitle,
        iban,
        accountNumber: null,
        bic,
        default: true,
      });
    }
    const feeBps = rng.pick([50, 60, 75, 75, 80, 90, 100]);
    const social = (site: string) =>
      rng.chance(0.4) ? `https://${site}/${slug(shopTitle).replace(/-/g, '')}` : null;
    const born = new Date(Date.UTC(rng.int(1958, 2003), rng.int(0, 11), rng.int(1, 28)));
    const preferred = rng.shuffle(PREFERRED_COINS).slice(0, rng.int(1, 4));
    // Drawn in the record's order, so the seed's random sequence stays as it was; the flag has its own column.
    const { LifetimeMember: lifetimeMember, ...details }: MerchantDetails & { LifetimeMember: boolean } = {
      Autonomy: rng.chance(0.3),
      ChargingMethod: rng.weighted([
        ['merchant', 6],
        ['customer', 3],
        ['split', 1],
      ] as const),
      ConfirmURL: `https://${domain}/checkout/success`,
      FailURL: `https://${domain}/checkout/failed`,
      ECommerceKey: rng.hex(32),
      ShopIntegrationKey: rng.hex(24),
      ShopPlatform: rng.pick(PLATFORMS),
      PreferredCoinIDs: preferred,
      SelectedAltcoins: [
        ...new Set([
          ...preferred,
          ...rng.shuffle([1, 2, 3, 5, 6, 12, 13, 14, 18, 33]).slice(0, rng.int(2, 7)),
        ]),
      ].sort((a, b) => a - b),
      PayoutExcludes: rng.chance(0.2) ? [rng.pick([3, 8, 24, 32])] : [],
      FlexibilityPercentage: rng.pick(['0.00', '0.50', '1.00', '1.50', '2.00']),
      FeePercentage: (feeBps / 100).toFixed(2),
      PayoutTo: schema.endsWith('bank') ? iban : payoutAddress,
      BankName: bankName,
      BankAccountHolder: shopTitle,
      IBAN: iban,
      BIC: bic,
      BankAccountNumber: iban ? null : rng.chars(DIGITS, 10),
      BankRoutingNumber: iban ? null : `0${rng.chars(DIGITS, 8)}`,
      BankCountry: countryCode,
      FirstName: firstName,
      LastName: lastName,
      DateOfBirth: isoDay(born),
      Nationality: rng.chance(0.85) ? countryCode : rng.pick(COUNTRIES).code,
      IdentityDocumentType: rng.weighted([
        ['passport', 5],
        ['id-card', 4],
        ['driving-licence', 1],
      ] as const),
      IdentityDocumentNumber: `${rng.chars(LETTERS, 2)}${rng.chars(DIGITS, 7)}`,
      Phone: `${country.phone} ${rng.chars(DIGITS, 4)} ${rng.chars(DIGITS, 4)}`,
      CompanyName: rng.chance(0.7) ? `${shopTitle} ${country.company}` : shopTitle,
      CompanyRegistrationNumber: rng.chance(0.8) ? rng.chars(DIGITS, 8) : null,
      VATNumber: rng.chance(0.7) && countryCode ? `${countryCode}${rng.chars(DIGITS, 9)}B01` : null,
      Street: rng.pick(STREETS),
      HouseNumber: String(rng.int(1, 240)),
      PostalCode: fromPattern(rng, country.postal),
      City: rng.pick(country.cities),
      AddressCountry: countryCode,
      PEP: rng.chance(0.03),
      NotifyOnPayment: rng.chance(0.8),
      NotifyOnPayout: rng.chance(0.9),
      NotifyOnExpired: rng.chance(0.4),
      NotifyOnKYC: true,
      NotificationEmail: email,
      Newsletter: rng.chance(0.5),
      PayPalEnabled: schema === 'paypal' || rng.chance(0.1),
      PayPalEmail: schema === 'paypal' ? `payments@${domain}` : null,
      BankEnabled: iban !== null || schema === 'usd-bank',
      PayeerEnabled: schema === 'payeer',
      PayeerAccount: schema === 'payeer' ? `P${rng.chars(DIGITS, 8)}` : null,
      TwoFactorEnabled: rng.chance(0.55),
      Website: `https://${domain}`,
      Twitter: social('x.com'),
      Facebook: social('facebook.com'),
      Instagram: social('instagram.com'),
      LinkedIn: rng.chance(0.3) ? `https://www.linkedin.com/company/${slug(shopTitle)}` : null,
      Telegram: rng.chance(0.15) ? `https://t.me/${nick}` : null,
      Avatar: rng.chance(0.5) ? `avatars/${rng.hex(16)}.png` : null,
      LifetimeMember: rng.chance(0.05),
      MaxLTR: rng.pick(['0', '5000', '10000', '25000']),
      ShowInternationalCC: rng.chance(0.3),
      MasterTransactionFunction: rng.chance(0.15),
      AddressBook: book,
    };
    // Heavy-tailed activity: a few big shops carry most of the traffic, some never sell anything.
    const activity = rng.chance(0.1) ? 0 : Math.exp(rng.gaussian() * 1.1);
    return {
      id: 0,
      domain,
      activity,
      feeBps,
      payoutCoinId,
      payoutAddress,
      row: {
        shopTitle,
        ownerNickName: nick,
        name,
        email,
        apiKey: rng.hex(40),
        country: countryCode,
        locale: country.locale,
        payoutSchema: schema,
        riskProfileId: rng.weighted([
          [1, 70],
          [2, 22],
          [3, 8],
        ]),
        referral: rng.chance(0.25)
          ? rng.pick(['CRYPTOWEEK', 'PARTNER-ALPHA', 'AFF-2041', 'SHOPIFY-EU', 'BLOGGER-NL', 'AFF-3317'])
          : null,
        disableCheckout: rng.chance(0.03),
        disablePayout: rng.chance(0.04),
        lifetimeMember,
        details,
        registeredOn,
      },
    };
  });
}

/** Inserts the merchants oldest first, so ids follow registration order, and fills in their ids. */
export async function seedMerchants(db: DbOrTx, list: DemoMerchant[]): Promise<void> {
  const ids = await db
    .insert(merchants)
    .values(list.map((m) => m.row))
    .returning({ id: merchants.id });
  ids.forEach(({ id }, i) => {
    const merchant = list[i];
    if (merchant) merchant.id = id;
  });
}

const KYC_DOCUMENTS = [
  'passport',
  'id-card',
  'proof-of-address',
  'selfie',
  'company-registration',
  'bank-statement',
];

/**
 * KYC for about 60% of merchants: a dozen or more pending from recent weeks, the rest decided. Each submission
 * carries the merchant's identity fields and a generated image per document (kyc_documents).
 */
export async function seedKyc(
  db: DbOrTx,
  rng: Random,
  list: readonly DemoMerchant[],
  now: Date,
): Promise<number> {
  // The images and reasons draw from a stream of their own: the submissions' draws stay as they were.
  const documentRng = rng.fork('kyc-documents');
  const nowMs = now.getTime();
  const chosen = rng.shuffle(list).filter((_, i) => i < Math.round(list.length * 0.6));
  const pendingTarget = Math.max(12, Math.round(chosen.length * 0.2));
  // Recent registrations are the ones still waiting for review, as in real life.
  const byRecency = [...chosen].sort((a, b) => b.row.registeredOn.getTime() - a.row.registeredOn.getTime());
  const pending = new Set(byRecency.slice(0, pendingTarget).map((m) => m.id));
  const rows = chosen.map((m) => {
    const registered = m.row.registeredOn.getTime();
    const isPending = pending.has(m.id);
    const earliest = isPending ? Math.max(registered, nowMs - 21 * DAY) : registered;
    const submitted =
      earliest + Math.floor(rng.next() * Math.min(nowMs - earliest, isPending ? 21 * DAY : 14 * DAY));
    const lastUpdated =
      submitted + Math.floor(rng.next() * Math.min(nowMs - submitted, isPending ? 3 * DAY : 10 * DAY));
    const level = rng.weighted([
      [1, 6],
      [2, 3],
      [3, 1],
    ]);
    const documents = rng
      .shuffle(KYC_DOCUMENTS)
      .slice(0, level + 1)
      .map((type) => {
        const fileName = `${type}-${rng.hex(10)}`;
        // Drawn as before, so the draws after it stay as they were; the demo's files are all SVG images.
        rng.pick(['pdf', 'jpg', 'png']);
        return { type, fileName: `${fileName}.svg`, uploadedOn: new Date(submitted).toISOString() };
      });
    const status = isPending
      ? ('pending' as const)
      : rng.chance(0.82)
        ? ('approved' as const)
        : ('rejected' as const);
    return {
      merchantId: m.id,
      status,
      level,
      identity: kycIdentityOf(m.row.details),
      documents,
      submittedOn: new Date(submitted),
      lastUpdatedOn: new Date(lastUpdated),
      // Decided before the back-office kept who decided: when, and why for a rejection.
      decidedOn: isPending ? null : new Date(lastUpdated),
      decisionReason: status === 'rejected' ? documentRng.pick(DEMO_REJECTION_REASONS) : null,
      merchant: m,
    };
  });
  rows.sort((a, b) => a.submittedOn.getTime() - b.submittedOn.getTime());
  if (rows.length > 0) {
    const ids = await db
      .insert(kycSubmissions)
      .values(rows.map(({ merchant: _merchant, ...row }) => row))
      .returning({ id: kycSubmissions.id });
    const files = rows.flatMap((row, i) =>
      row.documents.map((document) => ({
        submissionId: ids[i]?.id ?? 0,
        type: document.type,
        fileName: document.fileName,
        mime: DEMO_KYC_DOCUMENT_MIME,
        content: Buffer.from(
          demoKycDocument(
            document.type,
            {
              identity: row.identity,
              bankName: row.merchant.row.details.BankName,
              iban: row.merchant.row.details.IBAN,
              submittedOn: row.submittedOn,
            },
            documentRng,
          ),
        ),
        uploadedOn: row.submittedOn,
      })),
    );
    if (files.length > 0) await db.insert(kycDocuments).values(files);
  }
  // Each merchant's KYC state is its latest submission's (merchants.kyc_status, as the KYC service keeps it).
  await db.execute(sql`update merchants m set kyc_status = k.status
    from (select distinct on (merchant_id) merchant_id, status from kyc_submissions
          order by merchant_id, submitted_on desc, id desc) k
    where k.merchant_id = m.id`);
  return rows.length;
}
