import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database';
import {
  marketingCampaigns,
  marketingRecipients,
  marketingSegments,
  merchants,
  newsPosts,
  staff,
} from '../schema';

const HOUR = 3_600_000;

const WELCOME = `<h2>Lower fees from April</h2><p>Dear merchant,</p><p>From 1 April every <strong>Bitcoin</strong>
and <strong>Lightning</strong> payment costs 0.5% instead of 0.8%. Nothing changes in your integration.</p>
<ul><li>Payouts stay daily</li><li>Refunds stay free</li></ul><p>Questions? <a href="https://help.example.com">Our help centre</a> answers.</p>`;

/**
 * Email Marketing's and News' demo rows (ADR 0023): three segments, a sent campaign with its recipients in
 * every final state, a draft and a cancelled one, and three news posts. Made by the `marketing` demo account,
 * so it runs after the demo staff exist; only into empty tables, so a restart adds nothing.
 */
export async function seedMarketingDemo(db: DbOrTx, now: Date): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(marketingSegments);
  if ((existing?.n ?? 0) > 0) return;
  const [author] = await db
    .select({ id: staff.id })
    .from(staff)
    .orderBy(sql`${staff.username} = 'marketing' desc`, asc(staff.id))
    .limit(1);
  if (!author) return;
  const by = author.id;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const segments = await db
    .insert(marketingSegments)
    .values([
      {
        name: 'Every merchant',
        definition: {},
        createdByStaffId: by,
        createdOn: at(400),
        updatedOn: at(400),
      },
      {
        name: 'KYC approved',
        definition: { KYCStatus: 'approved' },
        createdByStaffId: by,
        createdOn: at(300),
        updatedOn: at(300),
      },
      {
        name: 'Lifetime members',
        definition: { LifetimeMember: 'yes' },
        createdByStaffId: by,
        createdOn: at(200),
        updatedOn: at(200),
      },
    ])
    .returning({ id: marketingSegments.id });
  const [every, approved] = segments;
  const campaigns = await db
    .insert(marketingCampaigns)
    .values([
      {
        subject: 'Lower fees from April',
        preheader: 'Bitcoin and Lightning at 0.5%',
        bodyHtml: WELCOME,
        segmentId: approved?.id ?? null,
        status: 'sent',
        createdByStaffId: by,
        createdOn: at(80),
        updatedOn: at(70),
        startedOn: at(72),
        finishedOn: at(70),
      },
      {
        subject: 'Summer checkout update',
        preheader: 'A faster checkout page',
        bodyHtml: '<p>Our checkout page loads twice as fast from July.</p>',
        segmentId: every?.id ?? null,
        status: 'draft',
        createdByStaffId: by,
        createdOn: at(5),
        updatedOn: at(2),
      },
      {
        subject: 'Conference invitation',
        preheader: '',
        bodyHtml: '<p>Meet us at the payments conference.</p>',
        segmentId: every?.id ?? null,
        status: 'cancelled',
        createdByStaffId: by,
        createdOn: at(150),
        updatedOn: at(140),
        finishedOn: at(140),
      },
    ])
    .returning({ id: marketingCampaigns.id });
  const sent = campaigns[0];
  if (sent) {
    const audience = await db
      .select({ id: merchants.id, email: merchants.email })
      .from(merchants)
      .where(eq(merchants.kycStatus, 'approved'))
      .orderBy(asc(merchants.id))
      .limit(60);
    if (audience.length > 0)
      await db.insert(marketingRecipients).values(
        audience.map((m, i) => {
          // Mostly sent; one in 20 bounced, one in 30 had unsubscribed before its turn.
          const state = i % 20 === 7 ? 'failed' : i % 30 === 11 ? 'skipped' : 'sent';
          return {
            campaignId: sent.id,
            merchantId: m.id,
            email: m.email,
            state,
            error:
              state === 'failed'
                ? '550 5.1.1 Mailbox unavailable'
                : state === 'skipped'
                  ? 'Unsubscribed'
                  : null,
            unsubscribeToken: randomBytes(32).toString('base64url'),
            updatedOn: at(71),
            sentOn: state === 'sent' ? at(71) : null,
          } as const;
        }),
      );
  }
  await db.insert(newsPosts).values([
    {
      title: 'Lightning payments are live',
      bodyHtml:
        '<p>Every checkout now takes <strong>Lightning</strong>: settled in seconds, fees in cents.</p>',
      youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      published: true,
      publishedOn: at(48),
      publishedByStaffId: by,
      createdByStaffId: by,
      createdOn: at(50),
      updatedOn: at(48),
    },
    {
      title: 'New payout schedule',
      bodyHtml: '<p>Payouts now run twice a day, at 06:00 and 18:00 UTC.</p>',
      published: true,
      publishedOn: at(24),
      publishedByStaffId: by,
      createdByStaffId: by,
      createdOn: at(30),
      updatedOn: at(24),
    },
    {
      title: 'Holiday support hours',
      bodyHtml: '<p>Support answers from 09:00 to 17:00 UTC over the holidays.</p>',
      createdByStaffId: by,
      createdOn: at(3),
      updatedOn: at(3),
    },
  ]);
}
