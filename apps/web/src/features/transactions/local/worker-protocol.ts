import type { StatusFilterValue, Transaction } from '@bo/contract';
import type { LocalFacets, LocalQuery, LocalResult } from './local-query';

/** What the worker loads (SPEC §7.3: start, end, keyword, statuses, merchantId and referral). */
export interface SyncParams {
  start: string;
  end: string;
  keyword: string;
  statuses: StatusFilterValue[];
  merchantId?: number;
  referral?: string;
}

/** Messages to the worker. */
export type ToWorker =
  | { type: 'fetchLatestInfo'; syncId: number; params: SyncParams; token: string; adminBase: string }
  | { type: 'stop' }
  /** A fresh admin token after the worker reported `needToken`. */
  | { type: 'token'; token: string }
  /** `facetsRevision`: the revision of the facets the page holds, which the answer then leaves out. */
  | { type: 'query'; requestId: number; query: LocalQuery; facetsRevision: number | null }
  /** A live transaction (SPEC §4) to add or refresh in the loaded rows. */
  | { type: 'upsert'; transaction: Transaction; mayInsert: boolean };

/** Messages from the worker; the three fetchLatestInfo* names are SPEC §7.3's. */
export type FromWorker =
  | { type: 'fetchLatestInfoProgress'; syncId: number; loaded: number; total: number }
  | { type: 'fetchLatestInfoComplete'; syncId: number; loaded: number; total: number }
  | { type: 'fetchLatestInfoError'; syncId: number; message: string; httpStatus: number; loaded: number }
  | { type: 'fetchLatestInfoStopped'; syncId: number; loaded: number; total: number }
  | { type: 'needToken' }
  | {
      type: 'queryResult';
      requestId: number;
      result: LocalResult;
      /** Null when the page already holds this revision's facets (hundreds of merchants, each keystroke). */
      facets: LocalFacets | null;
      facetsRevision: number;
      loaded: number;
    };
