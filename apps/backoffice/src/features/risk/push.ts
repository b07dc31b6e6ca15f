import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../shared/session';

/** How the desk hears of changes: over the WebSocket, or not (yet) at all: then it polls. */
export type PushLink = 'live' | 'offline';

/** A message of the server's /ws as far as the desk reads it. */
interface Pushed {
  op?: unknown;
  match_ids?: unknown;
  id?: unknown;
  c?: { t?: unknown; id?: unknown };
}

/**
 * Whether a push changes the forecast of match `matchId`: bets placed or decided on it (a risk push naming no
 * match counts for every match), its score, state or result (the catalogue's match and result changes), or a
 * resync of it. Price moves do not change what open bets pay.
 */
export function affectsMatch(message: Pushed, matchId: number): boolean {
  if (message.op === 'risk') {
    const ids = Array.isArray(message.match_ids) ? message.match_ids : [];
    return ids.length === 0 || ids.includes(matchId);
  }
  if (message.op === 'chg')
    return message.c?.id === matchId && (message.c.t === 'match' || message.c.t === 'result');
  return message.op === 'resync' && message.id === matchId;
}

/** The WebSocket address beside the page (the platform serves /ws on the back office's origin). */
export function pushUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** Changes within this window are answered by one refresh. */
const COALESCE_MS = 300;
const MAX_RETRY_MS = 30_000;
/** The server closes with 4003 when the token is refused: no point retrying with the same one. */
const REFUSED = 4003;

/**
 * The desk's live link: signs in to /ws with the back-office token (bo_auth), hears the brand's risk pushes
 * and, when a match is open (`matchId`), subscribes to it. Calls `onChange` (coalesced) when the book moved;
 * `matchChanged` says whether the open match's forecast is affected (its bets, score, state or result).
 * Reconnects with back-off; the caller polls while the link is not 'live'.
 */
export function useRiskPush(
  enabled: boolean,
  matchId: number | null,
  onChange: (matchChanged: boolean) => void,
): PushLink {
  const token = useSession((s) => s.token);
  const [link, setLink] = useState<PushLink>('offline');
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });
  useEffect(() => {
    if (!enabled || !token || typeof WebSocket === 'undefined') return;
    let stopped = false;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let pendingMatch = false;
    let attempts = 0;
    const changed = (matchChanged: boolean) => {
      pendingMatch ||= matchChanged;
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        const forMatch = pendingMatch;
        pendingMatch = false;
        callback.current(forMatch);
      }, COALESCE_MS);
    };
    const open = () => {
      const current = new WebSocket(pushUrl(window.location));
      socket = current;
      current.onopen = () => current.send(JSON.stringify({ op: 'bo_auth', token }));
      current.onmessage = (event: MessageEvent) => {
        let message: Pushed;
        try {
          message = JSON.parse(String(event.data)) as Pushed;
        } catch {
          return;
        }
        if (message.op === 'ready') {
          attempts = 0;
          setLink('live');
          if (matchId !== null) current.send(JSON.stringify({ op: 'sub', topics: [`match:${matchId}`] }));
          // Whatever happened while the link was down is read now.
          changed(true);
          return;
        }
        const forMatch = matchId !== null && affectsMatch(message, matchId);
        if (message.op === 'risk' || forMatch) changed(forMatch);
      };
      current.onclose = (event: CloseEvent) => {
        if (socket === current) socket = null;
        if (stopped) return;
        setLink('offline');
        if (event.code === REFUSED) return;
        attempts += 1;
        retry = setTimeout(open, Math.min(MAX_RETRY_MS, 1000 * 2 ** attempts));
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(pending);
      socket?.close();
      setLink('offline');
    };
  }, [enabled, matchId, token]);
  return enabled && token ? link : 'offline';
}
