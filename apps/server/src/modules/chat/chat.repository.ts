import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { chatMessages, chatReads, merchants, staff } from '../../db/schema';

export interface ContactRow {
  id: number;
  name: string;
  lastAt: Date;
  unread: number;
}

/** Merchants who have written or been written to, newest conversation first, with the caller's unread. */
export async function listContacts(db: DbOrTx, staffId: number, limit = 200): Promise<ContactRow[]> {
  const rows = await db
    .select({
      id: merchants.id,
      name: merchants.shopTitle,
      lastAt: sql<Date>`max(${chatMessages.createdOn})`.mapWith((v: string | Date) => new Date(v)),
      unread: sql<number>`count(*) filter (where ${chatMessages.direction} = 'IN' and ${chatMessages.id} > coalesce(${chatReads.lastReadMessageId}, 0))::int`,
    })
    .from(chatMessages)
    .innerJoin(merchants, eq(merchants.id, chatMessages.merchantId))
    .leftJoin(
      chatReads,
      and(eq(chatReads.merchantId, chatMessages.merchantId), eq(chatReads.staffId, staffId)),
    )
    .groupBy(merchants.id, merchants.shopTitle, chatReads.lastReadMessageId)
    .orderBy(desc(sql`max(${chatMessages.createdOn})`))
    .limit(limit);
  return rows;
}

export interface MessageRow {
  id: number;
  direction: 'IN' | 'OUT';
  message: string;
  createdOn: Date;
  staffUsername: string | null;
  merchantName: string;
}

const messages = (db: DbOrTx) =>
  db
    .select({
      id: chatMessages.id,
      direction: chatMessages.direction,
      message: chatMessages.message,
      createdOn: chatMessages.createdOn,
      staffUsername: staff.username,
      merchantName: merchants.shopTitle,
    })
    .from(chatMessages)
    .innerJoin(merchants, eq(merchants.id, chatMessages.merchantId))
    .leftJoin(staff, eq(staff.id, chatMessages.staffId));

/** A contact's newest `limit` messages, oldest first. */
export async function listMessages(db: DbOrTx, merchantId: number, limit = 200): Promise<MessageRow[]> {
  const rows = await messages(db)
    .where(eq(chatMessages.merchantId, merchantId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function findMessage(db: DbOrTx, id: number): Promise<MessageRow | undefined> {
  const [row] = await messages(db).where(eq(chatMessages.id, id)).limit(1);
  return row;
}

/** Marks a contact read up to `messageId` for one staff member (never backwards). */
export async function markRead(
  db: DbOrTx,
  staffId: number,
  merchantId: number,
  messageId: number,
): Promise<void> {
  await db
    .insert(chatReads)
    .values({ staffId, merchantId, lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [chatReads.staffId, chatReads.merchantId],
      set: {
        lastReadMessageId: sql`greatest(${chatReads.lastReadMessageId}, excluded.last_read_message_id)`,
      },
    });
}

export async function merchantName(db: DbOrTx, merchantId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: merchants.shopTitle })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .orderBy(asc(merchants.id))
    .limit(1);
  return row?.name;
}

export async function insertOutgoing(
  db: DbOrTx,
  input: { merchantId: number; staffId: number; message: string; createdOn: Date },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(chatMessages)
    .values({ ...input, direction: 'OUT' })
    .returning({ id: chatMessages.id });
  if (!row) throw new Error('chat message not stored');
  return row;
}
