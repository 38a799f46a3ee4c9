import { describe, expect, it } from 'vitest';
import { formatChatTime, readLeadingAddress } from './chat-address.rule';

const contacts = [
  { id: 1, name: 'Crypto' },
  { id: 2, name: 'Crypto Corner' },
  { id: 3, name: 'Bean Shop' },
];

describe('leading @name', () => {
  it('is not an address when the text does not start with @', () => {
    expect(readLeadingAddress('hello @Bean Shop', contacts)).toBeNull();
  });

  it('picks the contact in any case and leaves the rest as the message', () => {
    expect(readLeadingAddress('@bean shop your refund left', contacts)).toEqual({
      contact: contacts[2],
      rest: 'your refund left',
    });
  });

  it('prefers the longest name and needs the name to end at a space or the end', () => {
    expect(readLeadingAddress('@Crypto Corner hi', contacts)?.contact?.id).toBe(2);
    expect(readLeadingAddress('@Crypto hi', contacts)?.contact?.id).toBe(1);
    expect(readLeadingAddress('@Cryptoland hi', contacts)).toEqual({ contact: null, rest: '@Cryptoland hi' });
    expect(readLeadingAddress('@Bean Shop', contacts)).toEqual({ contact: contacts[2], rest: '' });
  });

  it('keeps the newlines of the message after the name', () => {
    expect(readLeadingAddress('@Crypto\nline two', contacts)?.rest).toBe('\nline two');
  });
});

describe('chat time', () => {
  it('shows Amsterdam time, summer and winter', () => {
    expect(formatChatTime('2026-07-01T10:05:00Z')).toBe('2026-07-01 12:05');
    expect(formatChatTime('2026-12-31T23:30:00Z')).toBe('2027-01-01 00:30');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatChatTime('soon')).toBe('');
  });
});
