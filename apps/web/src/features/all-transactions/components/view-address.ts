import {
  type TransactionViewFilters,
  transactionViewFiltersSchema,
  transactionViewFiltersShape,
} from '@bo/contract';

/** The filter keys a saved view keeps, in the order the address lists them. */
export const VIEW_FILTER_KEYS = Object.keys(transactionViewFiltersShape) as Array<
  keyof TransactionViewFilters
>;

const DEFAULTS = transactionViewFiltersSchema.parse({});

const asStrings = (value: unknown): string[] =>
  value === undefined || value === null || value === ''
    ? []
    : Array.isArray(value)
      ? value.map(String)
      : [String(value)];

/** The filters of a params object (the list's URL state): a view stores these and nothing else. */
export function filtersOf(
  params: Partial<Record<keyof TransactionViewFilters, unknown>>,
): TransactionViewFilters {
  const picked = Object.fromEntries(VIEW_FILTER_KEYS.map((key) => [key, params[key]]));
  const parsed = transactionViewFiltersSchema.safeParse(picked);
  return parsed.success ? parsed.data : DEFAULTS;
}

/** The address query of a view's filters, defaults left out (as useUrlParams writes them). */
export function searchOf(filters: TransactionViewFilters): string {
  const search = new URLSearchParams();
  for (const key of VIEW_FILTER_KEYS) {
    const values = asStrings(filters[key]);
    const defaults = asStrings(DEFAULTS[key]);
    if (values.length === defaults.length && values.every((v, i) => v === defaults[i])) continue;
    for (const value of values) search.append(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Whether the address carries any filter of its own (then a view's filters are not applied over it). */
export const hasFilters = (search: URLSearchParams): boolean =>
  VIEW_FILTER_KEYS.some((key) => search.has(key));

/** The same filters, whatever their order or defaults. */
export const sameFilters = (a: TransactionViewFilters, b: TransactionViewFilters): boolean =>
  searchOf(a) === searchOf(b);
