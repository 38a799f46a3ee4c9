import { type APIRequestContext, expect } from '@playwright/test';
import { INGEST_TOKEN } from '../playwright.config';

/** The payment platform, played through the back-office's feed as the real platform would call it. */
export class PlatformFeed {
  constructor(private readonly request: APIRequestContext) {}

  private async post<T = { ref: string; status: string }>(path: string, data: object): Promise<T> {
    const response = await this.request.post(`/api/ingest${path}`, {
      headers: { Authorization: `Bearer ${INGEST_TOKEN}` },
      data,
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).data;
  }

  /** A new waiting payment of merchant 1 (the demo seed's first merchant) in bitcoin. */
  newPayment(customerReference: string) {
    return this.post('/transactions', {
      merchantId: 1,
      altCoinId: 1,
      originalAmount: '42.00',
      inputCurrency: 'EUR',
      coinAddress: 'bc1qe2ejourneyaddress0000000000000000000',
      transactionType: 'Payment',
      customerReference,
    });
  }

  paid(ref: string) {
    return this.post(`/transactions/${ref}/paid`, {});
  }

  /** A merchant writing to support (SPEC §2.7), as the platform relays it. */
  chatMessage(merchantId: number, message: string) {
    return this.post<{ id: number }>('/chat-messages', { merchantId, message });
  }
}
