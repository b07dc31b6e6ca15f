import { z } from 'zod';
import { LANGUAGES } from './account';
import { sessionRequest } from './account';
import { requiredString } from './fields';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_request' });

/** announcelist: normal or special announcements (or both); a date range reads the history. */
export const announceListRequest = sessionRequest.extend({
  type: z.enum(['normal', 'special', 'all']).default('all'),
  start_date: day.optional(),
  end_date: day.optional(),
});

const localizedText = z.object({
  title: z.string().max(200).default(''),
  message: z.string().min(1).max(4000),
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
  subject: z.string().min(1).max(200),
  message: z.string().min(1).max(4000),
});

export interface MessageRow {
  id: number;
  date: string;
  type: 'normal' | 'special' | 'personal';
  title: string;
  message: string;
  read: boolean;
}
