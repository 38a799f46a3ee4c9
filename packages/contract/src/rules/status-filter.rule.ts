import { STATUS_FILTER_OPTIONS, type StatusFilterValue } from '../entities/transaction.schema';

/** Whether a filter value is one the dashboard leaves unselected by default (SPEC §4). */
const isOptInOnly = (value: StatusFilterValue): boolean =>
  value === 'rt-t' || value === 'rt-p' || value.startsWith('payout-');

/** Every status filter value, in option order: what 'Select All' selects (SPEC §4). */
export const ALL_STATUS_FILTER: readonly StatusFilterValue[] = STATUS_FILTER_OPTIONS.map((o) => o.value);

/** The dashboard's initial status selection: all but the reflextrader and payout options (SPEC §4). */
export const DEFAULT_STATUS_FILTER: readonly StatusFilterValue[] = ALL_STATUS_FILTER.filter(
  (value) => !isOptInOnly(value),
);
