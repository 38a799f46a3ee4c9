import type { RecipientCounts, RecipientState, SegmentDefinition } from '@bo/contract';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  exists,
  inArray,
  lt,
  ne,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import {
  marketingCampaigns,
  marketingRecipients,
  marketingSegments,
  marketingUnsubscribes,
  merchants,
  staff,
} from '../../db/schema';
import { escapeLike } from '../transactions/keyword.rule';

const DAY_MS = 86_400_000;
const flag = (column: AnyColumn, value: 'yes' | 'no' | undefined) =>
  value === undefined ? undefined : eq(column, value === 'yes');

/** The merchants a segment definition matches, whether or not they can be mailed. */
export function segmentWhere(d: SegmentDefinition): SQL | undefined {
  return and(
    d.KYCStatus ? eq(merchants.kycStatus, d.KYCStatus) : undefined,
    d.Country ? eq(merchants.country, d.Country) : undefined,
    d.Locale ? eq(merchants.locale, d.Locale) : undefined,
    d.RegisteredFrom
      ? sql`${merchants.registeredOn} >= ${new Date(`${d.RegisteredFrom}T00:00:00Z`)}`
      : undefined,
    d.RegisteredTo
      ? lt(merchants.registeredOn, new Date(Date.parse(`${d.RegisteredTo}T00:00:00Z`) + DAY_MS))
      : undefined,
    flag(merchants.lifetimeMember, d.LifetimeMember),
    flag(merchants.disableCheckout, d.CheckoutDisabled),
    flag(merchants.disablePayout, d.PayoutDisabled),
  );
}

/** Who may be mailed: an address to send to, and not unsubscribed. */
export const mailable = (): SQL =>
  and(
    ne(sql`trim(${merchants.email})`, ''),
    notExists(
      sql`(select 1 from ${marketingUnsubscribes} where ${marketingUnsubscribes.merchantId} = ${merchants.id})`,
    ),
  ) as SQL;

/** The segment's recipients now and the matching merchants left out, in one pass over merchants. */
export async function countAudience(db: DbOrTx, d: SegmentDefinition) {
  const [row] = await db
    .select({
      matching: sql<number>`count(*)::int`,
      recipients: sql<number>`(count(*) filter (where ${mailable()}))::int`,
    })
    .from(merchants)
    .where(segmentWhere(d));
  return { Recipients: row?.recipients ?? 0, Excluded: (row?.matching ?? 0) - (row?.recipients ?? 0) };
}

/** The ids and addresses to queue, in id order (the send keeps that order). */
export const audienceOf = (db: DbOrTx, d: SegmentDefinition) =>
  db
    .select({ id: merchants.id, email: merchants.email })
    .from(merchants)
    .where(and(segmentWhere(d), mailable()))
    .orderBy(asc(merchants.id));

export const listSegmentRows = (db: DbOrTx) =>
  db
    .select()
    .from(marketingSegments)
    .orderBy(asc(sql`lower(${marketingSegments.name})`))
    .limit(200);

export const findSegment = async (db: DbOrTx, id: number) =>
  (await db.select().from(marketingSegments).where(eq(marketingSegments.id, id)))[0];

export const findSegmentNamed = async (db: DbOrTx, name: string) =>
  (
    await db
      .select({ id: marketingSegments.id })
      .from(marketingSegments)
      .where(eq(sql`lower(${marketingSegments.name})`, name.toLowerCase()))
  )[0];

const creator = alias(staff, 'creator');

const campaignColumns = {
  id: marketingCampaigns.id,
  subject: marketingCampaigns.subject,
  preheader: marketingCampaigns.preheader,
  bodyHtml: marketingCampaigns.bodyHtml,
  status: marketingCampaigns.status,
  segmentId: marketingCampaigns.segmentId,
  segmentName: marketingSegments.name,
  createdBy: creator.username,
  updatedOn: marketingCampaigns.updatedOn,
  startedOn: marketingCampaigns.startedOn,
  finishedOn: marketingCampaigns.finishedOn,
};
export type CampaignData = Awaited<ReturnType<typeof findCampaign>> & {};

export const findCampaign = async (db: DbOrTx, id: number) =>
  (
    await db
      .select(campaignColumns)
      .from(marketingCampaigns)
      .innerJoin(creator, eq(creator.id, marketingCampaigns.createdByStaffId))
      .leftJoin(marketingSegments, eq(marketingSegments.id, marketingCampaigns.segmentId))
      .where(eq(marketingCampaigns.id, id))
  )[0];

export const lockCampaign = async (db: DbOrTx, id: number) =>
  (
    await db
      .select({
        id: marketingCampaigns.id,
        status: marketingCampaigns.status,
        segmentId: marketingCampaigns.segmentId,
        bodyHtml: marketingCampaigns.bodyHtml,
      })
      .from(marketingCampaigns)
      .where(eq(marketingCampaigns.id, id))
      .for('update')
  )[0];

export interface CampaignFilter {
  status?: (typeof marketingCampaigns.status.enumValues)[number];
  keyword: string;
}

const campaignWhere = (f: CampaignFilter) =>
  and(
    f.status ? eq(marketingCampaigns.status, f.status) : undefined,
    f.keyword ? sql`${marketingCampaigns.subject} ilike ${`%${escapeLike(f.keyword)}%`}` : undefined,
  );

export async function listCampaignRows(
  db: DbOrTx,
  f: CampaignFilter,
  page: { sort: 'UpdatedOn' | 'ID'; order: 'asc' | 'desc'; offset: number; limit: number },
) {
  const dir = page.order === 'asc' ? asc : desc;
  const order =
    page.sort === 'ID'
      ? [dir(marketingCampaigns.id)]
      : [dir(marketingCampaigns.updatedOn), dir(marketingCampaigns.id)];
  return db
    .select(campaignColumns)
    .from(marketingCampaigns)
    .innerJoin(creator, eq(creator.id, marketingCampaigns.createdByStaffId))
    .leftJoin(marketingSegments, eq(marketingSegments.id, marketingCampaigns.segmentId))
    .where(campaignWhere(f))
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit);
}

export async function countCampaigns(db: DbOrTx, f: CampaignFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(marketingCampaigns)
    .where(campaignWhere(f));
  return row?.n ?? 0;
}

const emptyCounts = (): RecipientCounts => ({
  Total: 0,
  Queued: 0,
  Sending: 0,
  Sent: 0,
  Failed: 0,
  Skipped: 0,
});
const COUNT_KEY = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
} as const satisfies Record<RecipientState, keyof RecipientCounts>;

/** The per-state counts of several campaigns in one grouped query (a list page asks once, not per row). */
export async function recipientCounts(db: DbOrTx, ids: number[]): Promise<Map<number, RecipientCounts>> {
  const counts = new Map<number, RecipientCounts>(ids.map((id) => [id, emptyCounts()]));
  if (ids.length === 0) return counts;
  const rows = await db
    .select({
      campaignId: marketingRecipients.campaignId,
      state: marketingRecipients.state,
      n: sql<number>`count(*)::int`,
    })
    .from(marketingRecipients)
    .where(inArray(marketingRecipients.campaignId, ids))
    .groupBy(marketingRecipients.campaignId, marketingRecipients.state);
  for (const row of rows) {
    const c = counts.get(row.campaignId);
    if (!c) continue;
    c[COUNT_KEY[row.state]] += row.n;
    c.Total += row.n;
  }
  return counts;
}

export async function listRecipientRows(
  db: DbOrTx,
  f: { campaignId: number; state?: RecipientState },
  page: { order: 'asc' | 'desc'; offset: number; limit: number },
) {
  const where = and(
    eq(marketingRecipients.campaignId, f.campaignId),
    f.state ? eq(marketingRecipients.state, f.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: marketingRecipients.id,
        merchantId: marketingRecipients.merchantId,
        shopTitle: merchants.shopTitle,
        email: marketingRecipients.email,
        state: marketingRecipients.state,
        error: marketingRecipients.error,
        sentOn: marketingRecipients.sentOn,
      })
      .from(marketingRecipients)
      .innerJoin(merchants, eq(merchants.id, marketingRecipients.merchantId))
      .where(where)
      .orderBy(page.order === 'asc' ? asc(marketingRecipients.id) : desc(marketingRecipients.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(marketingRecipients).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Takes the next queued recipients of a sending campaign for this runner: they become `sending` in the
 * same statement, and SKIP LOCKED lets a second instance take the next ones instead of the same.
 */
export async function claimQueued(db: DbOrTx, campaignId: number, limit: number, at: Date) {
  const result = (await db.execute(sql`
    update ${marketingRecipients} r set state = 'sending', updated_on = ${at.toISOString()}
    from (
      select id from ${marketingRecipients}
      where campaign_id = ${campaignId} and state = 'queued'
      order by id limit ${limit} for update skip locked
    ) next
    where r.id = next.id
    returning r.id, r.merchant_id, r.email, r.unsubscribe_token,
      exists (select 1 from ${marketingUnsubscribes} u where u.merchant_id = r.merchant_id) as unsubscribed`)) as unknown as {
    rows: Array<{
      id: number | string;
      merchant_id: number;
      email: string;
      unsubscribe_token: string;
      unsubscribed: boolean;
    }>;
  };
  return result.rows.map((r) => ({
    id: Number(r.id),
    merchantId: r.merchant_id,
    email: r.email,
    token: r.unsubscribe_token,
    unsubscribed: r.unsubscribed,
  }));
}

export async function finishRecipient(
  db: DbOrTx,
  id: number,
  outcome: { state: 'sent' | 'failed' | 'skipped'; error: string | null; at: Date },
) {
  await db
    .update(marketingRecipients)
    .set({
      state: outcome.state,
      error: outcome.error,
      updatedOn: outcome.at,
      sentOn: outcome.state === 'sent' ? outcome.at : null,
    })
    .where(and(eq(marketingRecipients.id, id), eq(marketingRecipients.state, 'sending')));
}

/**
 * Checked right before a claimed recipient's mail leaves: 'send' when the row is still this runner's
 * (`sending`, its lease renewed now) and its campaign still sending; 'cancelled' when the campaign was
 * cancelled since the claim (the row is skipped here); 'lost' when the row is no longer `sending` (the stale
 * sweep of another instance took it): then nothing may be sent, or the screen would say Failed for a mail
 * that went out.
 */
export async function confirmClaim(db: DbOrTx, id: number, at: Date): Promise<'send' | 'cancelled' | 'lost'> {
  const [renewed] = await db
    .update(marketingRecipients)
    .set({ updatedOn: at })
    .where(
      and(
        eq(marketingRecipients.id, id),
        eq(marketingRecipients.state, 'sending'),
        sql`exists (select 1 from ${marketingCampaigns} c where c.id = ${marketingRecipients.campaignId} and c.status = 'sending')`,
      ),
    )
    .returning({ id: marketingRecipients.id });
  if (renewed) return 'send';
  const [skipped] = await db
    .update(marketingRecipients)
    .set({ state: 'skipped', error: 'Campaign cancelled', updatedOn: at })
    .where(and(eq(marketingRecipients.id, id), eq(marketingRecipients.state, 'sending')))
    .returning({ id: marketingRecipients.id });
  return skipped ? 'cancelled' : 'lost';
}

/** Whether any recipient of the campaign is still to be sent or being sent. */
export async function hasOpenRecipients(db: DbOrTx, campaignId: number): Promise<boolean> {
  const [row] = await db
    .select({ open: sql<boolean>`true` })
    .from(marketingRecipients)
    .where(
      and(
        eq(marketingRecipients.campaignId, campaignId),
        inArray(marketingRecipients.state, ['queued', 'sending']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export const sendingCampaignIds = async (db: DbOrTx) =>
  (
    await db
      .select({ id: marketingCampaigns.id })
      .from(marketingCampaigns)
      .where(eq(marketingCampaigns.status, 'sending'))
      .orderBy(asc(marketingCampaigns.id))
  ).map((r) => r.id);

/** A recipient by its unsubscribe token, with whether the merchant already unsubscribed. */
export async function findByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      id: marketingRecipients.id,
      campaignId: marketingRecipients.campaignId,
      merchantId: marketingRecipients.merchantId,
      email: marketingRecipients.email,
      already: exists(
        db
          .select({ one: sql`1` })
          .from(marketingUnsubscribes)
          .where(eq(marketingUnsubscribes.merchantId, marketingRecipients.merchantId)),
      ),
    })
    .from(marketingRecipients)
    .where(eq(marketingRecipients.unsubscribeToken, token));
  return row;
}
