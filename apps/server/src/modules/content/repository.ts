import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** Announcements and personal messages: the content capability's SQL. */
export const contentRepository = {
  async insertAnnouncement(
    ex: Executor,
    row: {
      operatorPk: string;
      type: 'normal' | 'special';
      marquee: boolean;
      texts: Record<string, { title: string; message: string }>;
      startsAt: Date;
      endsAt: Date | null;
    },
  ): Promise<number> {
    const inserted = await ex
      .insertInto('announcements')
      .values({
        operator_pk: row.operatorPk,
        type: row.type,
        marquee: row.marquee,
        texts: JSON.stringify(row.texts),
        starts_at: row.startsAt,
        ends_at: row.endsAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  },

  /** Announcements of one operator started in [from, to), newest first, optionally only the marquee ones live at `now`. */
  async announcements(
    ex: Executor,
    query: { operatorPk: string; types: string[]; from: Date; to: Date; marqueeAt?: Date; limit: number },
  ) {
    let select = ex
      .selectFrom('announcements')
      .selectAll()
      .where('operator_pk', '=', query.operatorPk)
      .where('type', 'in', query.types)
      .where('starts_at', '>=', query.from)
      .where('starts_at', '<', query.to)
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit);
    if (query.marqueeAt) {
      const at = query.marqueeAt;
      select = select
        .where('marquee', '=', true)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]));
    }
    return select.execute();
  },

  async insertMessage(
    ex: Executor,
    row: { accountPk: string; subject: string; message: string },
  ): Promise<number> {
    const inserted = await ex
      .insertInto('personal_messages')
      .values({ account_pk: row.accountPk, subject: row.subject, message: row.message })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  },

  async messages(ex: Executor, accountPk: string, limit: number) {
    return ex
      .selectFrom('personal_messages')
      .selectAll()
      .where('account_pk', '=', accountPk)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  async markRead(ex: Executor, accountPk: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await ex
      .updateTable('personal_messages')
      .set({ read_at: sql`now()` })
      .where('account_pk', '=', accountPk)
      .where('id', 'in', ids)
      .where('read_at', 'is', null)
      .execute();
  },

  async unreadCount(ex: Executor, accountPk: string): Promise<number> {
    const row = await ex
      .selectFrom('personal_messages')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('account_pk', '=', accountPk)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
