import { XCHANGE_ID_PATTERN, type XChangeSearchField } from '@bo/contract';
import type { XChangeLookup } from './xchange-search.repository';

const MAX_SAFE_DIGITS = 15;
/** Hashes and addresses: long, no spaces (as the dashboard's keyword rule reads them). */
const TOKEN = /^[A-Za-z0-9:_-]{20,128}$/;

const xchangeIdOf = (q: string): number | null =>
  XCHANGE_ID_PATTERN.test(q) ? Number(q.replace(/^xc/i, '')) : null;

/**
 * What an XChange Search keyword is looked up as (ADR 0018). `auto`: a leading `xc` or bare digits are an
 * XChange ID (SPEC §5; this screen's ids are xChange ids, a merchant id is asked for with the Merchant
 * field), a long token a hash or an address, anything else a part of a shop title.
 */
export function xchangeLookupOf(raw: string, field: XChangeSearchField): XChangeLookup {
  const q = raw.trim();
  if (q === '') return { kind: 'nothing' };
  switch (field) {
    case 'xchange': {
      const id = xchangeIdOf(q);
      return id === null ? { kind: 'nothing' } : { kind: 'xchange', id };
    }
    case 'hash':
      return { kind: 'hash', value: q };
    case 'address':
      return { kind: 'address', value: q };
    case 'merchant':
      return /^\d+$/.test(q) && q.length <= 9
        ? { kind: 'merchant-id', id: Number(q) }
        : { kind: 'merchant-title', text: q };
    case 'auto': {
      const id = xchangeIdOf(q);
      if (id !== null && String(id).length <= MAX_SAFE_DIGITS) return { kind: 'xchange', id };
      if (TOKEN.test(q)) return { kind: 'hash-or-address', value: q };
      return { kind: 'merchant-title', text: q };
    }
  }
}
