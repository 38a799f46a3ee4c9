/**
 * What a typed keyword looks like decides how it is searched (issue #3): ids and hashes are exact lookups
 * on B-tree indexes; only free text scans with a pattern.
 */
export type KeywordQuery =
  | { kind: 'none' }
  | { kind: 'ref'; prefix: 'T' | 'P' | null; id: number }
  | { kind: 'xchange'; id: number }
  | { kind: 'exact'; value: string }
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
  return { kind: 'text', value };
}

/** Escapes LIKE's wildcards so a typed % or _ matches itself. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
