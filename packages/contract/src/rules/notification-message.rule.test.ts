import { describe, expect, it } from 'vitest';
import { notificationMessage } from './notification-message.rule';

describe('notificationMessage', () => {
  it('names the transaction as staff type it, padded to 9 digits', () => {
    expect(notificationMessage('PAID', 'T', 123456)).toBe('T000123456 paid successfully');
    expect(notificationMessage('EXPIRED', 'T', 7)).toBe('T000000007 expired');
    expect(notificationMessage('PAYOUT', 'P', 42)).toBe('P000000042 payout completed');
  });
});
