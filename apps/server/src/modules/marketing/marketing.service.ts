import { randomBytes } from 'node:crypto';
import {
  type ADMIN_CALLS,
  type CampaignDetail,
  type CampaignRow,
  type Page,
  type RecipientCounts,
  type RecipientRow,
  type Segment,
  type SegmentDefinition,
  segmentDefinitionSchema,
} from '@bo/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import {
  marketingCampaigns,
  marketingRecipients,
  marketingSegments,
  marketingUnsubscribes,
} from '../../db/schema';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, changedFields, recordChange } from '../audit/audit.service';
import type { Mailer } from '../mail/mailer';
import { renderCampaignEmail } from './campaign-email';
import {
  audienceOf,
  type CampaignData,
  claimQueued,
  confirmClaim,
  countAudience,
  countCampaigns,
  findByToken,
  findCampaign,
  findSegment,
  findSegmentNamed,
  finishRecipient,
  hasOpenRecipients,
  listCampaignRows,
  listRecipientRows,
  listSegmentRows,
  lockCampaign,
  recipientCounts,
  sendingCampaignIds,
} from './marketing.repository';
import { sanitizeHtml } from './sanitize-html';
import { UNSUBSCRIBE_PATH } from './unsubscribe.path';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export const CAMPAIGN_ENTITY = 'marketing_campaign';
export const SEGMENT_ENTITY = 'marketing_segment';
/**
 * A recipient left `sending` this long was being sent when its runner stopped (a crash, a deploy): it is
 * marked failed, not sent again, because the message may have left; a duplicate is worse than a gap.
 */
export const STALE_SENDING_MS = 10 * 60_000;
const INSERT_BATCH = 1000;

export interface MarketingDeps {
  db: Db;
  now: () => Date;
  mailer: Mailer;
  publicUrl: string;
  productName: string;
}

/**
 * RFC 2369: mail clients show their own Unsubscribe button from List-Unsubscribe. RFC 8058: with
 * List-Unsubscribe-Post the provider unsubscribes in one click by POSTing to that URL (unsubscribe.routes.ts).
 */
const listUnsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const noCampaign = () => new ApiError(404, 'No campaign with that id');
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const definitionOf = (p: SegmentDefinition): SegmentDefinition =>
  segmentDefinitionSchema.parse(
    Object.fromEntries(
      Object.entries(p).filter(([key, value]) => key in segmentDefinitionSchema.shape && value !== undefined),
    ),
  );

const rowOf = (c: CampaignData, counts: RecipientCounts): CampaignRow => ({
  ID: c.id,
  Subject: c.subject,
  Status: c.status,
  SegmentID: c.segmentId,
  SegmentName: c.segmentName,
  CreatedBy: c.createdBy,
  UpdatedOn: c.updatedOn.toISOString(),
  StartedOn: iso(c.startedOn),
  FinishedOn: iso(c.finishedOn),
  Total: counts.Total,
  Sent: counts.Sent,
  Failed: counts.Failed,
  Skipped: counts.Skipped,
});

/** Email Marketing: segments, campaigns, the test send, the queued send and its runner, unsubscribes (ADR 0023). */
export function createMarketingService(deps: MarketingDeps) {
  const { db } = deps;
  const unsubscribeUrl = (token: string) => `${deps.publicUrl}${UNSUBSCRIBE_PATH}/${token}`;
  const render = (c: { subject: string; preheader: string; bodyHtml: string }, url: string) =>
    renderCampaignEmail({
      ...c,
      unsubscribeUrl: url,
      publicUrl: deps.publicUrl,
      productName: deps.productName,
    });

  const detail = async (id: number): Promise<CampaignDetail> => {
    const c = await findCampaign(db, id);
    if (!c) throw noCampaign();
    const counts = (await recipientCounts(db, [id])).get(id) as RecipientCounts;
    return {
      ...rowOf(c, counts),
      Preheader: c.preheader,
      BodyHtml: c.bodyHtml,
      PreviewHtml: render(c, unsubscribeUrl('example-link-each-recipient-gets-their-own')).html,
      Counts: counts,
    };
  };

  const segmentOf = async (row: typeof marketingSegments.$inferSelect): Promise<Segment> => {
    const definition = segmentDefinitionSchema.parse(row.definition);
    return {
      ID: row.id,
      Name: row.name,
      Definition: definition,
      Recipients: (await countAudience(db, definition)).Recipients,
    };
  };

  /** Sends one claimed recipient and records how it ended; a transport error is kept on the row. */
  const deliver = async (
    campaign: { subject: string; preheader: string; bodyHtml: string },
    r: Awaited<ReturnType<typeof claimQueued>>[number],
  ) => {
    if (r.unsubscribed) {
      await finishRecipient(db, r.id, { state: 'skipped', error: 'Unsubscribed', at: deps.now() });
      return;
    }
    // A cancel since the claim, or another instance's stale sweep, stops this mail before it leaves.
    if ((await confirmClaim(db, r.id, deps.now())) !== 'send') return;
    const url = unsubscribeUrl(r.token);
    const mail = render(campaign, url);
    try {
      await deps.mailer.send({
        to: r.email,
        subject: campaign.subject,
        text: mail.text,
        html: mail.html,
        headers: listUnsubscribeHeaders(url),
      });
      await finishRecipient(db, r.id, { state: 'sent', error: null, at: deps.now() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await finishRecipient(db, r.id, { state: 'failed', error: message.slice(0, 500), at: deps.now() });
    }
  };

  return {
    async listSegments(): Promise<Segment[]> {
      // One count per segment: segments are few (a list of at most 200), each count one pass of merchants.
      return Promise.all((await listSegmentRows(db)).map(segmentOf));
    },

    countAudience: (p: Params<'CountAudience'>) => countAudience(db, definitionOf(p)),

    async saveSegment(p: Params<'SaveSegment'>, actor: Actor): Promise<Segment> {
      const definition = definitionOf(p);
      const at = deps.now();
      const id = await db.transaction(async (tx) => {
        const same = await findSegmentNamed(tx, p.Name);
        if (same && same.id !== p.ID) throw new ApiError(409, `A segment named ${p.Name} already exists`);
        if (p.ID === undefined) {
          const [row] = await tx
            .insert(marketingSegments)
            .values({
              name: p.Name,
              definition,
              createdByStaffId: actor.staffId,
              createdOn: at,
              updatedOn: at,
            })
            .returning({ id: marketingSegments.id });
          if (!row) throw new Error('segment not inserted');
          await recordChange(tx, actor, {
            action: 'marketing.segment.create',
            entity: SEGMENT_ENTITY,
            id: row.id,
            after: { Name: p.Name, Definition: definition },
          });
          return row.id;
        }
        const before = await findSegment(tx, p.ID);
        if (!before) throw new ApiError(404, 'No segment with that id');
        await tx
          .update(marketingSegments)
          .set({ name: p.Name, definition, updatedOn: at })
          .where(eq(marketingSegments.id, p.ID));
        const diff = changedFields(
          { Name: before.name, Definition: before.definition },
          { Name: p.Name, Definition: definition },
        );
        await recordChange(tx, actor, {
          action: 'marketing.segment.update',
          entity: SEGMENT_ENTITY,
          id: p.ID,
          ...diff,
        });
        return p.ID;
      });
      const row = await findSegment(db, id);
      if (!row) throw new Error('segment vanished');
      return segmentOf(row);
    },

    /**
     * Deletes a segment. Refused while a sending campaign names it (its screen shows the segment). Other
     * campaigns that name it are locked first, so a Send cannot start between the check and the delete,
     * then lose the link: a draft must pick another segment to be sent, a finished one keeps its recipients.
     */
    async deleteSegment(p: Params<'DeleteSegment'>, actor: Actor): Promise<{ ID: number }> {
      await db.transaction(async (tx) => {
        const [segment] = await tx
          .select()
          .from(marketingSegments)
          .where(eq(marketingSegments.id, p.ID))
          .for('update');
        if (!segment) throw new ApiError(404, 'No segment with that id');
        const users = await tx
          .select({
            id: marketingCampaigns.id,
            subject: marketingCampaigns.subject,
            status: marketingCampaigns.status,
          })
          .from(marketingCampaigns)
          .where(eq(marketingCampaigns.segmentId, p.ID))
          .orderBy(marketingCampaigns.id)
          .for('update');
        const sending = users.find((c) => c.status === 'sending');
        if (sending)
          throw new ApiError(
            409,
            `The campaign "${sending.subject}" is sending to this segment: delete the segment once it is sent or cancelled`,
          );
        if (users.length > 0)
          await tx
            .update(marketingCampaigns)
            .set({ segmentId: null })
            .where(eq(marketingCampaigns.segmentId, p.ID));
        await tx.delete(marketingSegments).where(eq(marketingSegments.id, p.ID));
        await recordChange(tx, actor, {
          action: 'marketing.segment.delete',
          entity: SEGMENT_ENTITY,
          id: p.ID,
          before: { Name: segment.name, Definition: segment.definition },
          after: { CampaignsUnlinked: users.map((c) => c.id) },
        });
      });
      return { ID: p.ID };
    },

    async listCampaigns(p: Params<'ListCampaigns'>): Promise<Page<CampaignRow>> {
      const filter = { status: p.status, keyword: p.keyword };
      const [rows, total] = await Promise.all([
        listCampaignRows(db, filter, { sort: p.sort, order: p.order, offset: pageOffset(p), limit: p.limit }),
        countCampaigns(db, filter),
      ]);
      const counts = await recipientCounts(
        db,
        rows.map((r) => r.id),
      );
      return pageAnswer(
        p,
        total,
        rows.map((r) => rowOf(r, counts.get(r.id) as RecipientCounts)),
      );
    },

    detail,

    async saveCampaign(p: Params<'SaveCampaign'>, actor: Actor): Promise<CampaignDetail> {
      const at = deps.now();
      const bodyHtml = sanitizeHtml(p.BodyHtml);
      const fields = { subject: p.Subject, preheader: p.Preheader, bodyHtml, segmentId: p.SegmentID ?? null };
      const id = await db.transaction(async (tx) => {
        if (fields.segmentId !== null && !(await findSegment(tx, fields.segmentId)))
          throw badRequest('No segment with that id', {
            issues: [{ path: 'SegmentID', message: 'No segment with that id' }],
          });
        if (p.ID === undefined) {
          const [row] = await tx
            .insert(marketingCampaigns)
            .values({ ...fields, createdByStaffId: actor.staffId, createdOn: at, updatedOn: at })
            .returning({ id: marketingCampaigns.id });
          if (!row) throw new Error('campaign not inserted');
          await recordChange(tx, actor, {
            action: 'marketing.campaign.create',
            entity: CAMPAIGN_ENTITY,
            id: row.id,
            after: { Subject: p.Subject, SegmentID: fields.segmentId },
          });
          return row.id;
        }
        const before = await lockCampaign(tx, p.ID);
        if (!before) throw noCampaign();
        if (before.status !== 'draft')
          throw new ApiError(409, `This campaign is ${before.status}: only a draft can be edited`);
        const old = await findCampaign(tx, p.ID);
        await tx
          .update(marketingCampaigns)
          .set({ ...fields, updatedOn: at })
          .where(eq(marketingCampaigns.id, p.ID));
        const diff = changedFields(
          {
            Subject: old?.subject,
            Preheader: old?.preheader,
            BodyHtml: old?.bodyHtml,
            SegmentID: old?.segmentId,
          },
          {
            Subject: fields.subject,
            Preheader: fields.preheader,
            BodyHtml: bodyHtml,
            SegmentID: fields.segmentId,
          },
        );
        await recordChange(tx, actor, {
          action: 'marketing.campaign.update',
          entity: CAMPAIGN_ENTITY,
          id: p.ID,
          ...diff,
        });
        return p.ID;
      });
      return detail(id);
    },

    async testSend(p: Params<'TestSendCampaign'>, actor: Actor) {
      const c = await findCampaign(db, p.ID);
      if (!c) throw noCampaign();
      const subject = `[TEST] ${c.subject}`;
      // The test has no recipient row: its link leads to the page that says a test link unsubscribes nobody.
      const url = unsubscribeUrl('test');
      const mail = render(c, url);
      await deps.mailer.send({
        to: p.To,
        subject,
        text: mail.text,
        html: mail.html,
        headers: listUnsubscribeHeaders(url),
      });
      await recordChange(db, actor, {
        action: 'marketing.campaign.test-send',
        entity: CAMPAIGN_ENTITY,
        id: c.id,
        after: { To: p.To },
      });
      return { To: p.To, Subject: subject };
    },

    /**
     * Queues the segment's recipients as they are now (one row each, in merchant id order) and hands the
     * campaign to the runner. The campaign row is locked, so two Sends make one queue; the second is a 409.
     */
    async send(p: Params<'SendCampaign'>, actor: Actor): Promise<CampaignDetail> {
      const at = deps.now();
      await db.transaction(async (tx) => {
        const c = await lockCampaign(tx, p.ID);
        if (!c) throw noCampaign();
        if (c.status !== 'draft')
          throw new ApiError(409, `This campaign is ${c.status}: only a draft can be sent`);
        if (c.segmentId === null) throw new ApiError(400, 'Pick a segment before sending');
        if (c.bodyHtml.replace(/<[^>]+>/g, '').trim() === '' && !c.bodyHtml.includes('<img'))
          throw new ApiError(400, 'Write the email before sending');
        const segment = await findSegment(tx, c.segmentId);
        if (!segment) throw new ApiError(400, 'Pick a segment before sending');
        const audience = await audienceOf(tx, segmentDefinitionSchema.parse(segment.definition));
        if (audience.length === 0) throw new ApiError(400, 'This segment reaches no merchant');
        for (let i = 0; i < audience.length; i += INSERT_BATCH) {
          await tx
            .insert(marketingRecipients)
            .values(
              audience.slice(i, i + INSERT_BATCH).map((m) => ({
                campaignId: c.id,
                merchantId: m.id,
                email: m.email.trim(),
                unsubscribeToken: randomBytes(32).toString('base64url'),
                updatedOn: at,
              })),
            )
            .onConflictDoNothing();
        }
        await tx
          .update(marketingCampaigns)
          .set({ status: 'sending', startedOn: at, updatedOn: at })
          .where(eq(marketingCampaigns.id, c.id));
        await recordChange(tx, actor, {
          action: 'marketing.campaign.send',
          entity: CAMPAIGN_ENTITY,
          id: c.id,
          before: { Status: 'draft' },
          after: { Status: 'sending', Recipients: audience.length, SegmentID: segment.id },
        });
      });
      return detail(p.ID);
    },

    /** Stops a draft or a sending campaign: its queued recipients become skipped, none is sent after this. */
    async cancel(p: Params<'CancelCampaign'>, actor: Actor): Promise<CampaignDetail> {
      const at = deps.now();
      await db.transaction(async (tx) => {
        const c = await lockCampaign(tx, p.ID);
        if (!c) throw noCampaign();
        if (c.status !== 'draft' && c.status !== 'sending')
          throw new ApiError(
            409,
            `This campaign is ${c.status}: only a draft or a sending campaign can be cancelled`,
          );
        await tx
          .update(marketingRecipients)
          .set({ state: 'skipped', error: 'Cancelled', updatedOn: at })
          .where(and(eq(marketingRecipients.campaignId, c.id), eq(marketingRecipients.state, 'queued')));
        await tx
          .update(marketingCampaigns)
          .set({ status: 'cancelled', finishedOn: at, updatedOn: at })
          .where(eq(marketingCampaigns.id, c.id));
        await recordChange(tx, actor, {
          action: 'marketing.campaign.cancel',
          entity: CAMPAIGN_ENTITY,
          id: c.id,
          before: { Status: c.status },
          after: { Status: 'cancelled' },
        });
      });
      return detail(p.ID);
    },

    /** Deletes a draft. Any other campaign has sent, or tried to: it stays as the record of who got what. */
    async deleteCampaign(p: Params<'DeleteCampaign'>, actor: Actor): Promise<{ ID: number }> {
      await db.transaction(async (tx) => {
        const c = await lockCampaign(tx, p.ID);
        if (!c) throw noCampaign();
        if (c.status !== 'draft')
          throw new ApiError(
            409,
            `This campaign is ${c.status}: only a draft can be deleted; a campaign that was sent is kept as its record`,
          );
        const old = await findCampaign(tx, p.ID);
        await tx.delete(marketingCampaigns).where(eq(marketingCampaigns.id, p.ID));
        await recordChange(tx, actor, {
          action: 'marketing.campaign.delete',
          entity: CAMPAIGN_ENTITY,
          id: p.ID,
          before: { Subject: old?.subject, SegmentID: c.segmentId, Status: c.status },
        });
      });
      return { ID: p.ID };
    },

    async listRecipients(p: Params<'ListCampaignRecipients'>): Promise<Page<RecipientRow>> {
      if (!(await findCampaign(db, p.ID))) throw noCampaign();
      const { rows, total } = await listRecipientRows(
        db,
        { campaignId: p.ID, state: p.state },
        { order: p.order, offset: pageOffset(p), limit: p.limit },
      );
      return pageAnswer(
        p,
        total,
        rows.map((r) => ({
          ID: r.id,
          MerchantID: r.merchantId,
          ShopTitle: r.shopTitle,
          Email: r.email,
          State: r.state,
          Error: r.error,
          SentOn: iso(r.sentOn),
        })),
      );
    },

    /**
     * One step of the runner: recipients stuck in `sending` since before a restart are marked failed, then up
     * to `limit` queued recipients (across sending campaigns, oldest campaign first) are sent, and a campaign
     * with none left open becomes `sent`. Answers how many were handed to the mail transport or skipped.
     */
    async runStep(limit: number): Promise<number> {
      const now = deps.now();
      await db
        .update(marketingRecipients)
        .set({
          state: 'failed',
          error: 'Interrupted while sending (not retried, so nobody gets it twice)',
          updatedOn: now,
        })
        .where(
          and(
            eq(marketingRecipients.state, 'sending'),
            lt(marketingRecipients.updatedOn, new Date(now.getTime() - STALE_SENDING_MS)),
          ),
        );
      let budget = limit;
      for (const id of await sendingCampaignIds(db)) {
        if (budget > 0) {
          const c = await findCampaign(db, id);
          if (c?.status !== 'sending') continue;
          const batch = await claimQueued(db, id, budget, deps.now());
          budget -= batch.length;
          for (const r of batch) await deliver(c, r);
        }
        if (!(await hasOpenRecipients(db, id))) {
          const at = deps.now();
          await db
            .update(marketingCampaigns)
            .set({ status: 'sent', finishedOn: at, updatedOn: at })
            .where(and(eq(marketingCampaigns.id, id), eq(marketingCampaigns.status, 'sending')));
        }
      }
      return limit - budget;
    },

    /** Whose link this is and whether they are unsubscribed already, writing nothing (the GET page). */
    async unsubscribeStatus(token: string): Promise<{ email: string; already: boolean } | null> {
      const r = await findByToken(db, token);
      return r ? { email: r.email, already: Boolean(r.already) } : null;
    },

    /**
     * The public unsubscribe link: the merchant is recorded as unsubscribed (once; a second visit says so
     * again) and their queued recipients of every campaign are skipped. Answers null for an unknown token.
     */
    async unsubscribe(token: string, ip: string): Promise<{ email: string; already: boolean } | null> {
      const r = await findByToken(db, token);
      if (!r) return null;
      if (r.already) return { email: r.email, already: true };
      const at = deps.now();
      await db.transaction(async (tx) => {
        await tx
          .insert(marketingUnsubscribes)
          .values({ merchantId: r.merchantId, unsubscribedOn: at, campaignId: r.campaignId })
          .onConflictDoNothing();
        await tx
          .update(marketingRecipients)
          .set({ state: 'skipped', error: 'Unsubscribed', updatedOn: at })
          .where(
            and(
              eq(marketingRecipients.merchantId, r.merchantId),
              inArray(marketingRecipients.state, ['queued']),
            ),
          );
        await recordChange(
          tx,
          { staffId: null, username: `merchant:${r.merchantId}`, ip },
          {
            action: 'marketing.unsubscribe',
            entity: 'merchant',
            id: r.merchantId,
            after: { Unsubscribed: true, CampaignID: r.campaignId },
          },
        );
      });
      return { email: r.email, already: false };
    },
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;
