import { type ChatMessage, formatContactList } from '@bo/contract';
import type { Db } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import {
  findMessage,
  insertOutgoing,
  listContacts,
  listMessages,
  type MessageRow,
  markRead,
  merchantName,
} from './chat.repository';

/** What the platform's support account is called in a conversation (SPEC §7.1: a fixed support merchant). */
export const SUPPORT_NAME = 'Support';

const toMessage = (row: MessageRow): ChatMessage => ({
  ID: row.id,
  FROM: row.direction === 'IN' ? row.merchantName : (row.staffUsername ?? SUPPORT_NAME),
  TO: row.direction === 'IN' ? SUPPORT_NAME : row.merchantName,
  Message: row.message,
  MsgType: row.direction,
  ContactName: row.merchantName,
  CreatedOn: row.createdOn.toISOString(),
});

export interface ChatServiceOptions {
  /**
   * Told of every message a staff member sends, after it is stored, so the other staff see it live. A
   * failing announcement is the caller's to log: the message is sent either way.
   */
  onSent?: (sent: { merchantId: number; messageId: number }) => Promise<void>;
}

/** The support chat of SPEC §2.7 for one staff member. */
export function createChatService(db: Db, now: () => Date, options: ChatServiceOptions = {}) {
  return {
    /** One message in the shape the chat shows, for the live feed; `null` when there is none. */
    async message(id: number): Promise<ChatMessage | null> {
      const row = await findMessage(db, id);
      return row ? toMessage(row) : null;
    },

    async contactList(staffId: number): Promise<string> {
      const contacts = await listContacts(db, staffId);
      return formatContactList(
        contacts.map((c) => ({ name: c.name, id: c.id, lastAt: c.lastAt.getTime(), count: c.unread })),
      );
    },

    /** A contact's conversation; reading it marks it read for the caller. */
    async history(staffId: number, merchantId: number): Promise<ChatMessage[]> {
      const rows = await listMessages(db, merchantId);
      const newest = rows.at(-1);
      if (newest) await markRead(db, staffId, merchantId, newest.id);
      return rows.map(toMessage);
    },

    async send(staffId: number, merchantId: number, text: string): Promise<ChatMessage> {
      const name = await merchantName(db, merchantId);
      if (!name) throw new ApiError(404, 'Unknown contact', { error: 'Unknown contact' });
      const { id } = await insertOutgoing(db, {
        merchantId,
        staffId,
        message: text.trim(),
        createdOn: now(),
      });
      // By its id: another message to the same contact may have been written in between.
      const sent = await findMessage(db, id);
      if (!sent) throw new Error('sent message not found');
      // The sender has seen everything up to their own message.
      await markRead(db, staffId, merchantId, id);
      await options.onSent?.({ merchantId, messageId: id });
      return toMessage(sent);
    },
  };
}
