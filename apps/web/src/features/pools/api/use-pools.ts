import type { ADMIN_CALLS, ParamsOf } from '@bo/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';

export type XrpPoolParams = ParamsOf<typeof ADMIN_CALLS.XrpPool>;
export type EtherPoolParams = ParamsOf<typeof ADMIN_CALLS.EtherPool>;

// Balances move with every block: a pool is read afresh on each visit and every 15 s while open.
const LIVE = { placeholderData: keepPreviousData, staleTime: 0, refetchInterval: 15_000 } as const;

export const useXrpPool = (params: XrpPoolParams | null) =>
  useAdminQuery('XrpPool', params ?? {}, { ...LIVE, enabled: params !== null });

export const useEtherPool = (params: EtherPoolParams | null) =>
  useAdminQuery('EtherPool', params ?? {}, { ...LIVE, enabled: params !== null });

export const useAssignXrpPayment = () =>
  useAdminMutation('AssignXrpPayment', {
    invalidates: ['XrpPool'],
    success: (row) => `Payment assigned: ${row.Note ?? row.Status}`,
    handlesErrors: true,
  });

export const useSweepXrpAccount = () =>
  useAdminMutation('SweepXrpAccount', { invalidates: ['XrpPool'], success: (result) => result.Message });

const ETHER_CHANGE = { invalidates: ['EtherPool'] } as const;

export const useSweepEtherAddress = () =>
  useAdminMutation('SweepEtherAddress', { ...ETHER_CHANGE, success: (result) => result.Message });
export const useTopUpEtherGas = () =>
  useAdminMutation('TopUpEtherGas', { ...ETHER_CHANGE, success: (result) => result.Message });
export const useMarkEtherDust = () =>
  useAdminMutation('MarkEtherDust', { ...ETHER_CHANGE, success: (result) => result.Message });
export const useSweepAllEther = () =>
  useAdminMutation('SweepAllEther', { ...ETHER_CHANGE, success: (result) => result.Message });
