import type { PageMeta } from '@bo/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Key, ReactNode } from 'react';
import { type Column, DataTable } from '../data-table/data-table';
import { type PagedUrl, queryState, urlPaging, urlSort } from '../data-table/paged';
import { ListCard } from '../list-screen/list-screen';

export interface PoolTableProps<Row> {
  /** The card's heading and the table's accessible name. */
  title: string;
  columns: readonly Column<Row>[];
  /** The pool's list query; its answer carries `records` and `meta` (a `pageOf` list with pool figures). */
  query: UseQueryResult<{ records: Row[]; meta: PageMeta }>;
  url: PagedUrl;
  rowKey: (row: Row) => Key;
  empty: ReactNode;
  /** Controls on the card's heading: export, bulk actions. */
  actions?: ReactNode;
  rowActions?: (row: Row) => ReactNode;
  minWidth?: number;
}

/** A pool's rows: the list card, sort and paging in the address, the same on every pool screen. */
export function PoolTable<Row>({
  title,
  columns,
  query,
  url,
  rowKey,
  empty,
  actions,
  rowActions,
  minWidth = 1100,
}: PoolTableProps<Row>) {
  return (
    <ListCard title={title} actions={actions}>
      <DataTable
        label={title}
        columns={columns}
        rowKey={rowKey}
        empty={empty}
        minWidth={minWidth}
        rowActions={rowActions}
        {...queryState(query, query.data?.records)}
        sort={urlSort(url)}
        paging={urlPaging(url, query.error ? undefined : query.data?.meta)}
      />
    </ListCard>
  );
}
