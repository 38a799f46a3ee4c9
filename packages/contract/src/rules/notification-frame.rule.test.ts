import { describe, expect, it } from 'vitest';
import { formatNotificationFrame, notificationText, parseNotificationFrame } from './notification-frame.rule';

describe('notification frames', () => {
  it('round-trips the four colon-separated parts', () => {
    const frame = { kind: 'PAID', ref: 'T000123456', id: 42, at: 1_732_350_000_000 } as const;
    const text = formatNotificationFrame(frame);
    expect(text).toBe('PAID:T000123456:42:1732350000000');
    expect(text.split(':')).toHaveLength(4);
    expect(parseNotificationFrame(text)).toEqual(frame);
  });

  it('ignores frames with another number of parts, an unknown kind or a malformed reference', () => {
    expect(parseNotificationFrame('PAID:T000123456:42')).toBeNull();
    expect(parseNotificationFrame('PAID:T000123456:42:1:2')).toBeNull();
    expect(parseNotificationFrame('REFUND:T000123456:42:1')).toBeNull();
    expect(parseNotificationFrame('PAID:X12:42:1')).toBeNull();
    expect(parseNotificationFrame('PAID:t12:42:1')).toBeNull();
    expect(parseNotificationFrame('PAID:T12:4a:1')).toBeNull();
    expect(parseNotificationFrame('')).toBeNull();
  });

  it('words each kind as SPEC §7.3 does', () => {
    expect(notificationText({ kind: 'PAID', ref: 'T000000007' })).toBe('T000000007 paid successfully');
    expect(notificationText({ kind: 'EXPIRED', ref: 'T000000007' })).toBe('T000000007 expired');
    expect(notificationText({ kind: 'PAYOUT', ref: 'P000000009' })).toBe('P000000009 payout completed');
  });
});
