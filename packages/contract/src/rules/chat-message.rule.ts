/** The longest chat message accepted (the platform's limit for merchant messages too). */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;

/** The chat rule's message (SPEC §5, §8). */
export const CHAT_MESSAGE_ERROR = 'Please provide a valid message';

/** The chat rule of SPEC §5: `null` when the message can be sent, the error when blank after trimming. */
export const validateChatMessage = (text: string): string | null =>
  text.trim() === '' ? CHAT_MESSAGE_ERROR : null;
