import type { PageMeta } from '@bo/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTablePaging, DataTableProps, DataTableSort, SortOrder } from './data-table';

/** URL state with the standard list params of `pageParams` (any of them). */
export interface PagedUrl {
  params: { page?: number; limit?: number; sort?: string; order?: SortOrder } | null;
  set: (patch: Record<string, unknown>, options?: { keepPage?: boolean; push?: boolean }) => void;
}

/** The load state of a table from its query: rows, loading, error and retry. */
export const queryState = <Row>(
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isFetching' | 'error' | 'refetch'>,
  rows: readonly Row[] | undefined,
): Pick<DataTableProps<Row>, 'rows' | 'isLoading' | 'error' | 'onRetry'> => ({
  rows: query.error ? undefined : rows,
  isLoading: query.isPending || query.isFetching,
  error: query.error,
  onRetry: () => void query.refetch(),
});

/** Sort of a table kept in the address (`sort` and `order`); a new sort starts from page 1. */
export const urlSort = (url: PagedUrl, fallbackKey = ''): DataTableSort => ({
  key: url.params?.sort ?? fallbackKey,
  order: url.params?.order ?? 'desc',
  onSort: (key, order) => url.set({ sort: key, order }),
});

/** Paging of a table from a `pageOf` answer's meta, the page kept in the address (pushed: Back goes back). */
export const urlPaging = (url: PagedUrl, meta: PageMeta | undefined): DataTablePaging | undefined =>
  meta && {
    page: meta.page,
    size: meta.limit,
    total: meta.total,
    onPage: (page) => url.set({ page }, { push: true }),
  };

/**
 * Everything a DataTable needs from a `pageOf` list query and its URL state:
 * `<DataTable label columns rowKey {...pagedTable(query, url)} />`.
 */
export const pagedTable = <Row>(
  query: UseQueryResult<{ records: Row[]; meta: PageMeta }>,
  url: PagedUrl,
): Pick<DataTableProps<Row>, 'rows' | 'isLoading' | 'error' | 'onRetry' | 'sort' | 'paging'> => ({
  ...queryState(query, query.data?.records),
  sort: urlSort(url),
  paging: urlPaging(url, query.error ? undefined : query.data?.meta),
});
