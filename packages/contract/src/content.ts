import { z } from 'zod';
import { LANGUAGES } from './account';
import { sessionRequest } from './account';
import { requiredString, safeString } from './fields';

const day = safeString().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_request' });

/** announcelist: normal or special announcements (or both); a date range reads the history. */
export const announceListRequest = sessionRequest.extend({
  type: z.enum(['normal', 'special', 'all']).default('all'),
  start_date: day.optional(),
  end_date: day.optional(),
});

const localizedText = z.object({
  title: safeString().max(200).default(''),
  message: safeString().min(1).max(4000),
});

/** Operator: publish an announcement to every member under it, per language (English required). */
export const boAnnounceRequest = z.object({
  type: z.enum(['normal', 'special']),
  marquee: z.boolean().default(false),
  texts: z.partialRecord(z.enum(LANGUAGES), localizedText).refine((texts) => texts.en !== undefined, {
    error: 'field_required',
    path: ['en'],
  }),
  starts_at: z.iso.datetime({ offset: true }).optional(),
  ends_at: z.iso.datetime({ offset: true }).optional(),
});

/** Upline: a personal message to one member of its downline. */
export const boMessageRequest = z.object({
  account_id: requiredString('account_id_required', 30),
  subject: safeString().min(1).max(200),
  message: safeString().min(1).max(4000),
});

/** A message or announcement as the member app lists it. */
export const messageRow = z.object({
  id: z.number().int(),
  date: z.string(),
  type: z.enum(['normal', 'special', 'personal']),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
});
export type MessageRow = z.infer<typeof messageRow>;

/** announcelist, marqueelist, personallist. */
export const messageListReply = z.object({ list: z.array(messageRow) });
/** personalunread: the member's unread messages. */
export const unreadCountReply = z.object({ count: z.number().int() });

/** announce, message: the new row's id. */
export const idReply = z.object({ id: z.number().int() });
