import type { Transaction } from '../entities/transaction.schema';

/**
 * A whole transaction row for the contract's own tests, typed with the contract so a new field fails the type
 * check here once. Not exported from the package: the web and server tests keep fixtures of their own.
 */
export const makeTransaction = (overrides: Partial<Transaction> = {}): Transaction => ({
  ID: 1,
  TransactionID: 1,
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
  CreatedOn: '2026-11-20T14:07:09.000Z',
  Date: '2026-11-20T14:07:09.000Z',
  Expired: null,
  TransactionConfirmedOn: '2026-11-20T14:20:00.000Z',
  Security: 'sec-abc',
  CustomerReferenceNr: null,
  CoinAddress: 'bc1qexample',
  BlockExplorer: null,
  XChangeID: null,
  MasterTransactionID: null,
  Comments: null,
  revolutID: null,
  Email: null,
  ConfirmURL: null,
  FailURL: null,
  InvoiceCC: null,
  Tag: null,
  FiatConfirmedAmount: null,
  OriginalAmountFee: null,
  ...overrides,
});
