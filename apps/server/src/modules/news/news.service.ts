import { type ADMIN_CALLS, type NewsRow, type Page, youtubeVideoId } from '@bo/contract';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { newsPosts, staff } from '../../db/schema';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError } from '../../plugins/errors';
import { type Actor, changedFields, recordChange } from '../audit/audit.service';
import { sanitizeHtml } from '../marketing/sanitize-html';
import { escapeLike } from '../transactions/keyword.rule';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export const NEWS_ENTITY = 'news_post';
const DAY_MS = 86_400_000;
const noPost = () => new ApiError(404, 'No news post with that id');
const creator = alias(staff, 'creator');
const publisher = alias(staff, 'publisher');

const columns = {
  id: newsPosts.id,
  title: newsPosts.title,
  bodyHtml: newsPosts.bodyHtml,
  youtubeUrl: newsPosts.youtubeUrl,
  published: newsPosts.published,
  publishedOn: newsPosts.publishedOn,
  publishedBy: publisher.username,
  createdBy: creator.username,
  createdOn: newsPosts.createdOn,
  updatedOn: newsPosts.updatedOn,
};

const select = (db: DbOrTx) =>
  db
    .select(columns)
    .from(newsPosts)
    .innerJoin(creator, eq(creator.id, newsPosts.createdByStaffId))
    .leftJoin(publisher, eq(publisher.id, newsPosts.publishedByStaffId));

type PostData = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const rowOf = (p: PostData): NewsRow => ({
  ID: p.id,
  Title: p.title,
  BodyHtml: p.bodyHtml,
  YoutubeUrl: p.youtubeUrl,
  YoutubeID: p.youtubeUrl ? youtubeVideoId(p.youtubeUrl) : null,
  Published: p.published,
  PublishedOn: p.publishedOn?.toISOString() ?? null,
  PublishedBy: p.publishedBy,
  CreatedBy: p.createdBy,
  CreatedOn: p.createdOn.toISOString(),
  UpdatedOn: p.updatedOn.toISOString(),
});

/** News (ADR 0023): posts with a sanitised body and an optional YouTube link, published and unpublished. */
export function createNewsService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const find = async (id: number) => (await select(db).where(eq(newsPosts.id, id)))[0];
  const post = async (id: number) => {
    const row = await find(id);
    if (!row) throw noPost();
    return rowOf(row);
  };

  return {
    async list(p: Params<'ListNews'>): Promise<Page<NewsRow>> {
      const where = and(
        p.status ? eq(newsPosts.published, p.status === 'published') : undefined,
        p.keyword ? sql`${newsPosts.title} ilike ${`%${escapeLike(p.keyword)}%`}` : undefined,
        p.from ? gte(newsPosts.createdOn, new Date(`${p.from}T00:00:00Z`)) : undefined,
        p.to ? lt(newsPosts.createdOn, new Date(Date.parse(`${p.to}T00:00:00Z`) + DAY_MS)) : undefined,
      );
      const dir = p.order === 'asc' ? asc : desc;
      const order =
        p.sort === 'ID'
          ? [dir(newsPosts.id)]
          : p.sort === 'PublishedOn'
            ? [sql`${newsPosts.publishedOn} ${sql.raw(p.order)} nulls last`, dir(newsPosts.id)]
            : [dir(newsPosts.createdOn), dir(newsPosts.id)];
      const [rows, [total]] = await Promise.all([
        select(db)
          .where(where)
          .orderBy(...order)
          .offset(pageOffset(p))
          .limit(p.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(newsPosts).where(where),
      ]);
      return pageAnswer(p, total?.n ?? 0, rows.map(rowOf));
    },

    async save(p: Params<'SaveNews'>, actor: Actor): Promise<NewsRow> {
      const at = deps.now();
      const fields = { title: p.Title, bodyHtml: sanitizeHtml(p.BodyHtml), youtubeUrl: p.YoutubeUrl || null };
      const id = await db.transaction(async (tx) => {
        if (p.ID === undefined) {
          const [row] = await tx
            .insert(newsPosts)
            .values({ ...fields, createdByStaffId: actor.staffId, createdOn: at, updatedOn: at })
            .returning({ id: newsPosts.id });
          if (!row) throw new Error('news post not inserted');
          await recordChange(tx, actor, {
            action: 'news.create',
            entity: NEWS_ENTITY,
            id: row.id,
            after: { Title: fields.title, YoutubeUrl: fields.youtubeUrl },
          });
          return row.id;
        }
        const [before] = await tx.select().from(newsPosts).where(eq(newsPosts.id, p.ID)).for('update');
        if (!before) throw noPost();
        await tx
          .update(newsPosts)
          .set({ ...fields, updatedOn: at })
          .where(eq(newsPosts.id, p.ID));
        const diff = changedFields(
          { Title: before.title, BodyHtml: before.bodyHtml, YoutubeUrl: before.youtubeUrl },
          { Title: fields.title, BodyHtml: fields.bodyHtml, YoutubeUrl: fields.youtubeUrl },
        );
        await recordChange(tx, actor, { action: 'news.update', entity: NEWS_ENTITY, id: p.ID, ...diff });
        return p.ID;
      });
      return post(id);
    },

    /** Publishing records who and when (kept while published); unpublishing clears them. Both audited. */
    async setPublished(p: Params<'SetNewsPublished'>, actor: Actor): Promise<NewsRow> {
      const at = deps.now();
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(newsPosts).where(eq(newsPosts.id, p.ID)).for('update');
        if (!before) throw noPost();
        if (before.published === p.Published)
          throw new ApiError(
            409,
            p.Published ? 'This post is already published' : 'This post is not published',
          );
        await tx
          .update(newsPosts)
          .set({
            published: p.Published,
            publishedOn: p.Published ? at : null,
            publishedByStaffId: p.Published ? actor.staffId : null,
            updatedOn: at,
          })
          .where(eq(newsPosts.id, p.ID));
        await recordChange(tx, actor, {
          action: p.Published ? 'news.publish' : 'news.unpublish',
          entity: NEWS_ENTITY,
          id: p.ID,
          before: { Published: before.published },
          after: { Published: p.Published, Title: before.title },
        });
      });
      return post(p.ID);
    },

    /** Deletes a post, published or not; the audit keeps its title and whether it was published. */
    async remove(p: Params<'DeleteNews'>, actor: Actor): Promise<{ ID: number }> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(newsPosts).where(eq(newsPosts.id, p.ID)).for('update');
        if (!before) throw noPost();
        await tx.delete(newsPosts).where(eq(newsPosts.id, p.ID));
        await recordChange(tx, actor, {
          action: 'news.delete',
          entity: NEWS_ENTITY,
          id: p.ID,
          before: { Title: before.title, Published: before.published, YoutubeUrl: before.youtubeUrl },
        });
      });
      return { ID: p.ID };
    },
  };
}
