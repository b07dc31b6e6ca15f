import { z } from 'zod';
import type { ErrorCode } from './errors';

/**
 * Field builders whose validation messages are statusdesc codes, so the server can answer a bad
 * body with the spec's code (e.g. account_id_required) instead of a generic validation error.
 */
/**
 * Text PostgreSQL and UTF-8 can hold: no NUL byte, no lone UTF-16 surrogate. Every string field of every
 * call is built on this (a NUL in a session token once failed a whole group of other members' session reads).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isSafeText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** z.string refusing unsafe text (see isSafeText) with invalid_request: the one string builder of the contract. */
export const safeString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isSafeText, { error: 'invalid_request' satisfies ErrorCode });

export const requiredString = (code: ErrorCode, max = 200) =>
  safeString({ error: code })
    .trim()
    .min(1, { error: code })
    .max(max, { error: 'invalid_request' satisfies ErrorCode });

export const optionalString = (max = 200) => safeString({ error: 'invalid_request' }).max(max).optional();

/** Exact money as a decimal string with at most 2 decimals; never a JSON float. */
export const moneyString = (code: ErrorCode = 'invalid_amount') =>
  z.union([z.string(), z.number()], { error: code }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!/^\d{1,15}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: code });
      return z.NEVER;
    }
    return text;
  });

/** Positive money (> 0). */
export const positiveMoney = (code: ErrorCode = 'invalid_amount') =>
  moneyString(code).refine((text) => /[1-9]/.test(text), { error: code });

/** Rates such as commission: a decimal fraction 0..1 with up to 4 decimals, as a string. */
export const rateString = () =>
  z.union([z.string(), z.number()], { error: 'rate_required' }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'invalid_request' });
      return z.NEVER;
    }
    return text;
  });

/** A reply's amount: a decimal string in the currency's units. */
export const replyMoney = z.string().meta({ description: 'Decimal string, e.g. "12.50".' });
/** A reply's instant: ISO 8601 in UTC. */
export const replyInstant = z.string().meta({ description: 'ISO 8601 instant.' });
