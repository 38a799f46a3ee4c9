import type { KycIdentity } from '@bo/contract';
import type { MerchantDetails } from './merchants.seed';
import type { Random } from './random';

/** The identity fields a merchant submitted: those of its record at the time (SPEC §3 names). */
export const kycIdentityOf = (d: MerchantDetails): KycIdentity => ({
  FirstName: d.FirstName,
  LastName: d.LastName,
  DateOfBirth: d.DateOfBirth,
  Nationality: d.Nationality,
  IdentityDocumentType: d.IdentityDocumentType,
  IdentityDocumentNumber: d.IdentityDocumentNumber,
  Street: d.Street,
  HouseNumber: d.HouseNumber,
  PostalCode: d.PostalCode,
  City: d.City,
  AddressCountry: d.AddressCountry,
  CompanyName: d.CompanyName,
  CompanyRegistrationNumber: d.CompanyRegistrationNumber,
});

/** What a generated document shows of its merchant. */
export interface KycDocumentSubject {
  identity: KycIdentity;
  bankName: string | null;
  iban: string | null;
  submittedOn: Date;
}

export const DEMO_KYC_DOCUMENT_MIME = 'image/svg+xml';

/** Reasons the demo's rejected cases were given. */
export const DEMO_REJECTION_REASONS = [
  'The passport photo is blurred; the document number cannot be read',
  'The proof of address is older than three months',
  'The name on the documents does not match the account holder',
  'The identity document has expired',
  'The selfie does not match the photo of the identity document',
] as const;

const UTILITIES = ['Stadsenergie', 'AquaNet Water', 'Telco One', 'GreenGrid Power', 'Metro Gas & Light'];
const CARD_COLOURS = ['#1f3a5f', '#5c1f2e', '#1f4d3a', '#3b2f5c'];
const SKIN_TONES = ['#8a9bb0', '#a08a78', '#7d8f86', '#9a8fa8'];

// Merchant text reaches the image as XML text: escaped, so a name like "O'Neil & Sons" stays text.
const xml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
const or = (value: string | null, fallback = '—') => (value && value.trim() !== '' ? value : fallback);
const day = (date: Date) => date.toISOString().slice(0, 10);
const fullName = (i: KycIdentity) => `${or(i.FirstName, '')} ${or(i.LastName, '')}`.trim();
const addressLines = (i: KycIdentity) => [
  `${or(i.Street, '')} ${or(i.HouseNumber, '')}`.trim(),
  `${or(i.PostalCode, '')} ${or(i.City, '')}`.trim(),
  or(i.AddressCountry, ''),
];

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif">${body}</svg>`;
const text = (x: number, y: number, value: string, attrs = '') =>
  `<text x="${x}" y="${y}"${attrs ? ` ${attrs}` : ''}>${xml(value)}</text>`;
const field = (x: number, y: number, label: string, value: string) =>
  `${text(x, y, label.toUpperCase(), 'font-size="9" fill="#6b7280"')}${text(x, y + 15, value, 'font-size="14" fill="#111827"')}`;
const demoStamp = (x: number, y: number, anchor = 'end') =>
  text(x, y, 'DEMO · NOT A REAL DOCUMENT', `font-size="9" fill="#b91c1c" text-anchor="${anchor}"`);
/** A photo placeholder: a head and shoulders. */
const silhouette = (x: number, y: number, w: number, h: number, tone: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#dde3ea"/><circle cx="${x + w / 2}" cy="${y + h * 0.36}" r="${w * 0.23}" fill="${tone}"/><path d="M${x + w * 0.1} ${y + h} Q${x + w / 2} ${y + h * 0.45} ${x + w * 0.9} ${y + h} Z" fill="${tone}"/>`;
/** A line of a machine-readable zone: upper case, `<` for anything else, cut or padded to 44. */
const mrz = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9<]/g, '<')
    .padEnd(44, '<')
    .slice(0, 44);

function identityCard(s: KycDocumentSubject, rng: Random, title: string, code: 'P' | 'I'): string {
  const i = s.identity;
  const colour = rng.pick(CARD_COLOURS);
  const country = or(i.Nationality, 'XX');
  return svg(
    480,
    310,
    `<rect width="480" height="310" rx="16" fill="${colour}"/><rect x="10" y="10" width="460" height="290" rx="10" fill="#f5f2e9"/>${text(24, 40, `${title} · ${country}`, `font-size="17" font-weight="bold" fill="${colour}"`)}${demoStamp(456, 40)}${silhouette(24, 56, 120, 150, rng.pick(SKIN_TONES))}${field(164, 66, 'Surname', or(i.LastName))}${field(164, 104, 'Given names', or(i.FirstName))}${field(164, 142, 'Nationality', country)}${field(320, 142, 'Date of birth', or(i.DateOfBirth))}${field(164, 180, 'Document no.', or(i.IdentityDocumentNumber))}<rect x="10" y="226" width="460" height="74" fill="#e9e4d6"/>${text(24, 254, mrz(`${code}<${country}${or(i.LastName, '')}<<${or(i.FirstName, '')}`), 'font-family="Courier New, monospace" font-size="14" fill="#111827"')}${text(24, 282, mrz(`${or(i.IdentityDocumentNumber, '')}<${country}${or(i.DateOfBirth, '').replace(/-/g, '').slice(2)}`), 'font-family="Courier New, monospace" font-size="14" fill="#111827"')}`,
  );
}

function letter(heading: string, colour: string, lines: string): string {
  return svg(
    420,
    560,
    `<rect width="420" height="560" fill="#ffffff" stroke="#d1d5db"/><rect width="420" height="64" fill="${colour}"/>${text(24, 40, heading, 'font-size="18" font-weight="bold" fill="#ffffff"')}${demoStamp(396, 84)}${lines}`,
  );
}

const bars = (y: number, count: number) =>
  Array.from(
    { length: count },
    (_, n) =>
      `<rect x="24" y="${y + n * 18}" width="${372 - (n % 3) * 60}" height="7" rx="3" fill="#e5e7eb"/>`,
  ).join('');

function proofOfAddress(s: KycDocumentSubject, rng: Random): string {
  const i = s.identity;
  const [street, city, country] = addressLines(i);
  const issued = new Date(s.submittedOn.getTime() - rng.int(5, 60) * 86_400_000);
  return letter(
    rng.pick(UTILITIES),
    '#0f766e',
    `${text(24, 120, fullName(i), 'font-size="14" fill="#111827"')}${text(24, 138, street ?? '', 'font-size="13" fill="#374151"')}${text(24, 156, city ?? '', 'font-size="13" fill="#374151"')}${text(24, 174, country ?? '', 'font-size="13" fill="#374151"')}${text(24, 214, `Date: ${day(issued)}`, 'font-size="12" fill="#374151"')}${text(24, 250, 'Your statement for the supply address above', 'font-size="15" font-weight="bold" fill="#111827"')}${bars(272, 9)}${text(24, 470, `Amount due: EUR ${rng.int(38, 240)}.${String(rng.int(0, 99)).padStart(2, '0')}`, 'font-size="14" fill="#111827"')}`,
  );
}

function selfie(s: KycDocumentSubject, rng: Random): string {
  const tone = rng.pick(SKIN_TONES);
  return svg(
    320,
    420,
    `<rect width="320" height="420" fill="#cbd5e1"/><circle cx="160" cy="150" r="70" fill="${tone}"/><path d="M30 420 Q160 200 290 420 Z" fill="${tone}"/><rect x="188" y="262" width="104" height="66" rx="6" fill="#f5f2e9" stroke="#64748b" transform="rotate(-8 240 295)"/><circle cx="212" cy="292" r="12" fill="#94a3b8" transform="rotate(-8 240 295)"/>${text(16, 30, `Selfie · ${fullName(s.identity)}`, 'font-size="14" fill="#0f172a"')}${text(16, 48, day(s.submittedOn), 'font-size="11" fill="#334155"')}${demoStamp(304, 404)}`,
  );
}

function companyRegistration(s: KycDocumentSubject): string {
  const i = s.identity;
  const [street, city, country] = addressLines(i);
  return letter(
    'Business Register · Extract',
    '#1e3a8a',
    `${field(24, 120, 'Company name', or(i.CompanyName))}${field(24, 160, 'Registration number', or(i.CompanyRegistrationNumber, 'not registered'))}${field(24, 200, 'Registered address', `${street ?? ''}, ${city ?? ''} ${country ?? ''}`)}${field(24, 240, 'Authorised signatory', fullName(i))}${field(24, 280, 'Extract date', day(s.submittedOn))}${bars(320, 6)}<circle cx="330" cy="470" r="42" fill="none" stroke="#1e3a8a" stroke-width="3"/>${text(330, 475, 'REGISTER', 'font-size="11" fill="#1e3a8a" text-anchor="middle"')}`,
  );
}

function bankStatement(s: KycDocumentSubject, rng: Random): string {
  const i = s.identity;
  const rows = Array.from({ length: 6 }, (_, n) => {
    const y = 268 + n * 26;
    const amount = `${rng.chance(0.5) ? '+' : '-'}${rng.int(10, 4_000)}.${String(rng.int(0, 99)).padStart(2, '0')}`;
    return `${text(24, y, day(new Date(s.submittedOn.getTime() - (n + 1) * 3 * 86_400_000)), 'font-size="12" fill="#374151"')}<rect x="120" y="${y - 9}" width="${150 - n * 12}" height="7" rx="3" fill="#e5e7eb"/>${text(396, y, amount, 'font-size="12" fill="#111827" text-anchor="end"')}`;
  }).join('');
  return letter(
    or(s.bankName, 'Bank'),
    '#7c2d12',
    `${field(24, 120, 'Account holder', or(i.CompanyName, fullName(i)))}${field(24, 160, 'IBAN', or(s.iban, 'not given'))}${field(24, 200, 'Statement date', day(s.submittedOn))}${text(24, 244, 'Recent transactions', 'font-size="14" font-weight="bold" fill="#111827"')}${rows}`,
  );
}

/**
 * A small image standing for a document a merchant uploaded (the demo's KYC files): a passport- or ID-like
 * card with the merchant's name, birth date and document number and a photo placeholder, a utility letter
 * to the merchant's address, a selfie silhouette, a company register extract or a bank statement. SVG text,
 * deterministic for the same subject and draws.
 */
export function demoKycDocument(type: string, subject: KycDocumentSubject, rng: Random): string {
  switch (type) {
    case 'passport':
      return identityCard(subject, rng, 'PASSPORT', 'P');
    case 'id-card':
      return identityCard(subject, rng, 'IDENTITY CARD', 'I');
    case 'proof-of-address':
      return proofOfAddress(subject, rng);
    case 'selfie':
      return selfie(subject, rng);
    case 'company-registration':
      return companyRegistration(subject);
    case 'bank-statement':
      return bankStatement(subject, rng);
    default:
      return letter(type, '#374151', text(24, 120, fullName(subject.identity), 'font-size="14"'));
  }
}
