import type { CallRequest } from '@sb/contract';

/** What the desk typed for a result: full-time goals, and half-time goals (both or neither). */
export interface ResultInput {
  home: string;
  away: string;
  htHome: string;
  htAway: string;
}

const GOALS = /^\d{1,3}$/;

/**
 * The /bo/trade/result request of the desk's input, or why not: full time is required, half time is optional
 * but whole (both sides) and never above full time.
 */
export function resultRequest(
  matchId: number,
  input: ResultInput,
): { ok: true; request: CallRequest<'trade_result'> } | { ok: false; reason: 'incomplete' | 'halfTime' } {
  const [home, away, htHome, htAway] = [input.home, input.away, input.htHome, input.htAway].map((v) =>
    v.trim(),
  );
  if (!GOALS.test(home ?? '') || !GOALS.test(away ?? '')) return { ok: false, reason: 'incomplete' };
  const ft = { home: Number(home), away: Number(away) };
  if (!htHome && !htAway) return { ok: true, request: { match_id: matchId, ft } };
  if (!GOALS.test(htHome ?? '') || !GOALS.test(htAway ?? '')) return { ok: false, reason: 'halfTime' };
  const ht = { home: Number(htHome), away: Number(htAway) };
  if (ht.home > ft.home || ht.away > ft.away) return { ok: false, reason: 'halfTime' };
  return { ok: true, request: { match_id: matchId, ht, ft } };
}
