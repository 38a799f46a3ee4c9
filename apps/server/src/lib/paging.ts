import type { Page } from '@bo/contract';

/** The standard list answer (the contract's `pageOf`) from a page's params, its rows and the list's total. */
export const pageAnswer = <R>(
  params: { page: number; limit: number },
  total: number,
  records: R[],
): Page<R> => ({
  records,
  meta: { total, offset: pageOffset(params), limit: params.limit, page: params.page },
});

/** Rows before the asked page. */
export const pageOffset = (params: { page: number; limit: number }): number =>
  (params.page - 1) * params.limit;
