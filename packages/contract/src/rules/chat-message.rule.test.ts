import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_ERROR, validateChatMessage } from './chat-message.rule';

describe('validateChatMessage', () => {
  it('accepts a message with text', () => {
    expect(validateChatMessage('Hello')).toBeNull();
  });

  it('accepts text with surrounding whitespace and inner newlines', () => {
    expect(validateChatMessage('  line one\nline two  ')).toBeNull();
  });

  it('rejects an empty message', () => {
    expect(validateChatMessage('')).toBe('Please provide a valid message');
  });

  it('rejects a message of only spaces, tabs and newlines', () => {
    expect(validateChatMessage(' \t\n\r ')).toBe(CHAT_MESSAGE_ERROR);
  });
});
