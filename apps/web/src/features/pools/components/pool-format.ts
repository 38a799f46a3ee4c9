import type { EvmDepositState, XrpPaymentStatus } from '@bo/contract';

/** A long hash or address cut for a cell: '0x4f7e…0a01'; the whole value is in its title. */
export const shortHash = (value: string): string =>
  value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;

/** Badge colours of a deposit address's state: waiting on someone yellow, done green, stuck red. */
export const EVM_STATE_COLORS: Record<EvmDepositState, string> = {
  gas_required: 'yellow',
  waiting_for_gas: 'yellow',
  ready_for_accumulation: 'blue',
  accumulation_in_progress: 'cyan',
  accumulated: 'green',
  balance_too_low: 'gray',
  gas_price_too_high: 'orange',
  dust: 'gray',
  failed: 'red',
};

export const XRP_STATUS_LABELS: Record<XrpPaymentStatus, string> = {
  matched: 'Matched',
  'unmatched-no-tag': 'No tag',
  'unmatched-unknown-tag': 'Unknown tag',
  underpaid: 'Underpaid',
  refunded: 'Refunded',
};

export const XRP_STATUS_COLORS: Record<XrpPaymentStatus, string> = {
  matched: 'green',
  'unmatched-no-tag': 'red',
  'unmatched-unknown-tag': 'red',
  underpaid: 'yellow',
  refunded: 'gray',
};

/** How long ago, as staff read it in a list: '5 min', '3 h', '2 d'. */
export function ageOf(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}
