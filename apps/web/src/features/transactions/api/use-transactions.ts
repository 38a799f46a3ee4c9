import type { TransactionCountParams, TransactionListParams } from '@bo/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useAdminQuery } from '../../../lib/api/use-call-query';

/**
 * One page of the dashboard list (SPEC §2.6 item 2). The list is live, so every Search, Reset, sort or page
 * move asks the server again (staleTime 0); the previous page stays shown while the next loads.
 */
export const useTransactionList = (params: TransactionListParams) =>
  useAdminQuery('ListTransactions', params, { placeholderData: keepPreviousData, staleTime: 0 });

/**
 * The total for 'Showing a - b of n', asked beside the page (ADR 0010): the rows show without waiting for it,
 * and paging or sorting does not ask again (the key holds the filters only).
 */
export const useTransactionCount = (params: TransactionCountParams) =>
  useAdminQuery('CountTransactions', params, { placeholderData: keepPreviousData, staleTime: 0 });

/** Merchants with transactions in the range, for the merchant picker. */
export const useDashboardMerchants = (startDate: string, endDate: string) =>
  useAdminQuery('MerchantsListDash', { startDate, endDate });

/** One transaction by its reference; the page shows the 404 itself instead of a toast. */
export const useTransactionDetail = (ref: string, isEnabled: boolean) =>
  useAdminQuery('TransactionDetail', { ID: ref }, { enabled: isEnabled, meta: { handlesErrors: true } });

/** The staff changes to one transaction, for the detail screen. */
export const useTransactionAudit = (ref: string, isEnabled: boolean) =>
  useAdminQuery('TransactionAudit', { ID: ref }, { enabled: isEnabled, staleTime: 0 });
