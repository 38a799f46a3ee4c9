import {
  type Transaction,
  type TransactionCount,
  type TransactionList,
  toTransactionColumns,
} from '@bo/contract';

/** A transaction row typed with the contract, so a change of shape fails the type check. */
export const makeTransaction = (overrides: Partial<Transaction> = {}): Transaction => ({
  ID: 1234,
  TransactionID: 1234,
  Prefix: 'T',
  MerchantID: 9,
  OwnerNickName: 'coffee',
  ShopTitle: 'Coffee Corner',
  OriginalAmount: '25.50',
  InputCurrency: 'EUR',
  Amount: '0.00041',
  LongName: 'Bitcoin',
  CoinName: 'BTC',
  AltCoinID: 1,
  Status: 'paid',
  NotEnough: 0,
  TransactionType: 'Payment',
  ExternalTransactionProvider: null,
  CreatedOn: '2024-03-05T14:07:09Z',
  Date: '2024-03-05T14:07:09Z',
  Expired: null,
  TransactionConfirmedOn: '2024-03-05T14:20:00Z',
  Security: 'sec-abc',
  CustomerReferenceNr: 'CUST-77',
  CoinAddress: 'bc1qexample',
  BlockExplorer: 'https://explorer.example/tx/abc',
  XChangeID: null,
  MasterTransactionID: null,
  Comments: null,
  revolutID: null,
  Email: 'buyer@example.test',
  ConfirmURL: null,
  FailURL: null,
  InvoiceCC: null,
  Tag: null,
  FiatConfirmedAmount: null,
  OriginalAmountFee: null,
  ...overrides,
});

/** A page of `count` rows numbered from `firstId`. */
export const makePage = (count: number, firstId: number): TransactionList => ({
  records: Array.from({ length: count }, (_, i) =>
    makeTransaction({ ID: firstId + i, TransactionID: firstId + i, ShopTitle: `Shop ${firstId + i}` }),
  ),
  firstCursor: count > 0 ? `c${firstId}` : null,
  lastCursor: count > 0 ? `c${firstId + count - 1}` : null,
});

/** The answer of CountTransactions, the list's total (asked beside the page, ADR 0010). */
export const makeCount = (total: number, isCapped = false): TransactionCount => ({ total, isCapped });

/** The calls the dashboard table and Local mode make, answering one page (rows or columns) and its total. */
export const listRoutes = (page: TransactionList, total = page.records.length) => ({
  ListTransactions: { data: page },
  // Local mode's sync reads the same rows as columns.
  SyncTransactions: { data: { columns: toTransactionColumns(page.records), lastCursor: page.lastCursor } },
  CountTransactions: { data: makeCount(total) },
});
