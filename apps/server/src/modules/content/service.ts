import type { Language, MessageRow } from '@sb/contract';
import { gmt8DateStart } from '@sb/domain';
import type { AppContext } from '../../context';
import type { AccountRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MemberSession } from '../account/service';
import { MemberNotifier } from '../../push/member';
import { contentRepository as repo } from './repository';

const DAY_MS = 86_400_000;
/** Bound on any list: announcements and messages are read in pages of recent items. */
const MAX_ROWS = 200;
/** Without a range, announcements of the last 30 days are current; older ones are the history. */
const CURRENT_DAYS = 30;

/** The top of a member's chain: announcements are published per operator (per brand). */
export function operatorPkOf(account: AccountRow): string {
  const [first] = account.path.split('/').filter(Boolean);
  if (!first) throw new Error(`account ${account.id} has no path`);
  return first;
}

/** A GMT+8 calendar day 'yyyy-mm-dd' to its first instant (midnight in GMT+8 is 16:00 UTC the day before). */
function dayStart(day: string): Date {
  const ms = gmt8DateStart(day);
  if (ms === null) throw new AppError('invalid_request');
  return new Date(ms);
}

/**
 * Member messages (announcelist, marqueelist, personallist, personalunread) and their backoffice side.
 * Texts are chosen in the member's display language, falling back to English.
 */
export class ContentService {
  constructor(private readonly ctx: AppContext) {}

  async announcements(
    session: MemberSession,
    query: { type: 'normal' | 'special' | 'all'; start_date?: string; end_date?: string },
  ): Promise<{ list: MessageRow[] }> {
    const now = this.ctx.now();
    const from = query.start_date
      ? dayStart(query.start_date)
      : new Date(now.getTime() - CURRENT_DAYS * DAY_MS);
    const to = query.end_date ? new Date(dayStart(query.end_date).getTime() + DAY_MS) : now;
    if (to.getTime() <= from.getTime()) throw new AppError('invalid_request', { field: 'end_date' });
    const rows = await repo.announcements(this.ctx.db, {
      operatorPk: operatorPkOf(session.account),
      types: query.type === 'all' ? ['normal', 'special'] : [query.type],
      from,
      to,
      limit: MAX_ROWS,
    });
    return { list: rows.map((row) => this.announcementRow(row, languageOf(session))) };
  }

  async marquee(session: MemberSession): Promise<{ list: MessageRow[] }> {
    const now = this.ctx.now();
    const rows = await repo.announcements(this.ctx.db, {
      operatorPk: operatorPkOf(session.account),
      types: ['normal', 'special'],
      from: new Date(now.getTime() - CURRENT_DAYS * DAY_MS),
      to: now,
      marqueeAt: now,
      limit: 20,
    });
    return { list: rows.map((row) => this.announcementRow(row, languageOf(session))) };
  }

  /** The member's messages, newest first; listing them marks them read (the reply still shows which were new). */
  async personal(session: MemberSession): Promise<{ list: MessageRow[] }> {
    const rows = await repo.messages(this.ctx.db, String(session.account.id), MAX_ROWS);
    await repo.markRead(
      this.ctx.db,
      String(session.account.id),
      rows.filter((row) => row.read_at === null).map((row) => row.id),
    );
    return {
      list: rows.map((row) => ({
        id: Number(row.id),
        date: row.created_at.toISOString(),
        type: 'personal',
        title: row.subject,
        message: row.message,
        read: row.read_at !== null,
      })),
    };
  }

  async unread(session: MemberSession): Promise<{ count: number }> {
    return { count: await repo.unreadCount(this.ctx.db, String(session.account.id)) };
  }

  /** Backoffice: an operator publishes to every member of its brand. */
  async announce(
    caller: AccountRow,
    input: {
      type: 'normal' | 'special';
      marquee: boolean;
      texts: Partial<Record<Language, { title: string; message: string }>>;
      starts_at?: string;
      ends_at?: string;
    },
  ): Promise<{ id: number }> {
    const startsAt = input.starts_at ? new Date(input.starts_at) : this.ctx.now();
    const endsAt = input.ends_at ? new Date(input.ends_at) : null;
    if (endsAt && endsAt.getTime() <= startsAt.getTime())
      throw new AppError('invalid_request', { field: 'ends_at' });
    const texts = Object.fromEntries(
      Object.entries(input.texts).filter(([, text]) => text !== undefined),
    ) as Record<string, { title: string; message: string }>;
    const id = await repo.insertAnnouncement(this.ctx.db, {
      operatorPk: String(caller.id),
      type: input.type,
      marquee: input.marquee,
      texts,
      startsAt,
      endsAt,
    });
    return { id };
  }

  /** Backoffice: a personal message to one member of the caller's downline; the member's apps are told. */
  async message(target: AccountRow, input: { subject: string; message: string }): Promise<{ id: number }> {
    if (target.level !== 'member') throw new AppError('invalid_request', { field: 'account_id' });
    const id = await repo.insertMessage(this.ctx.db, {
      accountPk: String(target.id),
      subject: input.subject,
      message: input.message,
    });
    await new MemberNotifier(this.ctx).send(target.account_id, { op: 'messages' });
    return { id };
  }

  private announcementRow(
    row: {
      id: string;
      type: string;
      texts: Record<string, { title: string; message: string }>;
      starts_at: Date;
    },
    language: string,
  ): MessageRow {
    const text = row.texts[language] ?? row.texts.en ?? { title: '', message: '' };
    return {
      id: Number(row.id),
      date: row.starts_at.toISOString(),
      type: row.type === 'special' ? 'special' : 'normal',
      title: text.title,
      message: text.message,
      read: true,
    };
  }
}

function languageOf(session: MemberSession): string {
  const language = session.account.settings.language;
  return typeof language === 'string' ? language : 'en';
}
