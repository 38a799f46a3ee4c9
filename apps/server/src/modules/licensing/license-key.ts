import { createHash, randomBytes } from 'node:crypto';

// 32 letters and digits without I, O, 0 and 1, which are misread when a key is typed from paper: 5 bits each.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GROUPS = 6;

/** A new key: `LL-` and six groups of four (120 random bits), e.g. LL-7K2Q-…-9F3A. */
export function newLicenseKey(): { key: string; prefix: string; last4: string; hash: string } {
  const bytes = randomBytes(GROUPS * 4);
  // 256 is a multiple of 32, so `byte % 32` picks every character equally often.
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  const groups = Array.from({ length: GROUPS }, (_, i) => chars.slice(i * 4, i * 4 + 4));
  const key = `LL-${groups.join('-')}`;
  return { key, prefix: `LL-${groups[0]}`, last4: groups[GROUPS - 1] ?? '', hash: hashLicenseKey(key) };
}

/** The stored form of a key: SHA-256 of the key as typed, without spaces and in capitals. */
export const hashLicenseKey = (key: string) =>
  createHash('sha256').update(key.replace(/\s+/g, '').toUpperCase()).digest('hex');
