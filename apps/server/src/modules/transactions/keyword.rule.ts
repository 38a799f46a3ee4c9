/**
 * What a typed keyword looks like decides how it is searched (issue #3): ids and hashes are exact lookups
 * on B-tree indexes; only free text scans with a pattern.
 */
export type KeywordQuery =
  | { kind: 'none' }
  | { kind: 'ref'; prefix: 'T' | 'P' | null; id: number }
  | { kind: 'xchange'; id: number }
  | { kind: 'exact'; value: string }
  | { kind: 'email'; value: string }
  | { kind: 'reference'; value: string }
  | { kind: 'text'; value: string };

const MAX_SAFE_DIGITS = 15;

export function classifyKeyword(raw: string): KeywordQuery {
  const value = raw.trim();
  if (value === '') return { kind: 'none' };
  const ref = /^([tTpP])?0*(\d{1,18})$/.exec(value);
  if (ref?.[2] && ref[2].length <= MAX_SAFE_DIGITS && Number(ref[2]) > 0) {
    const prefix = ref[1] ? (ref[1].toUpperCase() as 'T' | 'P') : null;
    return { kind: 'ref', prefix, id: Number(ref[2]) };
  }
  const xc = /^xc0*(\d{1,15})$/i.exec(value);
  if (xc?.[1] && Number(xc[1]) > 0) return { kind: 'xchange', id: Number(xc[1]) };
  // Security keys, coin addresses, customer references and provider codes: long, no spaces.
  if (/^[A-Za-z0-9:_-]{20,128}$/.test(value)) return { kind: 'exact', value };
  // A whole e-mail address is an identifier too (ADR 0010): a trigram search for one reads the posting
  // lists of its domain's trigrams, which every address at that provider shares. (One that no row holds is
  // searched as text after all: the repository checks.)
  if (/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/.test(value)) return { kind: 'email', value };
  // A merchant's order, invoice, POS or payout reference (ORD-1234567, INV-2026-00042, #48213), whole or
  // its beginning (ADR 0010): a prefix lookup. As free text its trigrams ('ord', 'inv') sit in a quarter of
  // all rows each, and reading those posting lists cost more than the budget at 5M rows. (No reference
  // starting so: searched as text after all.)
  if (/^(?:[A-Za-z]{2,5}-\d[A-Za-z0-9-]*|#\d{3,})$/.test(value)) return { kind: 'reference', value };
  return { kind: 'text', value };
}

/** Escapes LIKE's wildcards so a typed % or _ matches itself. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
