import { ApiError } from '../api/client';
import { reactToError } from '../api/errors';
import { queryClient } from '../api/queryClient';
import { balanceKey, refreshBalance, type Balance } from './balance';
import { refreshProfile } from './profile';
import { usePushStatus } from './pushStatus';
import { useSession } from './store';

interface PushMessage {
  op?: unknown;
  type?: unknown;
  code?: unknown;
  statusdesc?: unknown;
  balance?: unknown;
  account_balance?: unknown;
  outstanding_balance?: unknown;
  c?: unknown;
}

/** A catalogue change from a market topic (`{op:'chg', c}`); the sportsbook reads its fields. */
export type MarketChangeListener = (change: unknown) => void;

/** Market-topic listeners with the topics each wants (e.g. 'sport:1'); the socket joins their union. */
const marketListeners = new Map<MarketChangeListener, readonly string[]>();
let sendOnSocket: ((message: object) => void) | null = null;
let joinedTopics = new Set<string>();

/** Listeners of shared game rounds (own games: `game:crash`), fed the game events (`op: 'crash'`) as sent. */
export type GameEventListener = (event: Readonly<Record<string, unknown>>) => void;
const gameListeners = new Map<GameEventListener, readonly string[]>();

const wantedTopics = (): Set<string> =>
  new Set([...marketListeners.values(), ...gameListeners.values()].flat());

/** A game's round events on the member's one socket while subscribed (e.g. 'game:crash'). */
export function subscribeGame(topic: string, listener: GameEventListener): () => void {
  gameListeners.set(listener, [topic]);
  syncTopics();
  return () => {
    gameListeners.delete(listener);
    syncTopics();
  };
}

/** Joins and leaves topics so the socket holds exactly what the listeners want. */
function syncTopics(): void {
  if (!sendOnSocket) return;
  const wanted = wantedTopics();
  const join = [...wanted].filter((topic) => !joinedTopics.has(topic));
  const leave = [...joinedTopics].filter((topic) => !wanted.has(topic));
  if (join.length) sendOnSocket({ op: 'sub', topics: join });
  if (leave.length) sendOnSocket({ op: 'unsub', topics: leave });
  joinedTopics = wanted;
}

/**
 * Market ticks on the member's one socket: the listener receives each change of the topics while subscribed.
 * Returns the unsubscribe function.
 */
export function subscribeMarkets(topics: readonly string[], listener: MarketChangeListener): () => void {
  marketListeners.set(listener, topics);
  syncTopics();
  return () => {
    marketListeners.delete(listener);
    syncTopics();
  };
}

function dispatchChanges(changes: unknown): void {
  for (const change of Array.isArray(changes) ? changes : [changes]) {
    for (const listener of marketListeners.keys()) listener(change);
  }
}

const MAX_ATTEMPTS = 50;
const MAX_DELAY_MS = 30_000;
const PING_MS = 25_000;

/** Member pushes (the server's member topic): `op` names the event; `type` is accepted as well. */
function handle(accountId: string, message: PushMessage): void {
  switch (message.op ?? message.type) {
    case 'ready':
      usePushStatus.setState({ connected: true });
      joinedTopics = new Set();
      syncTopics();
      return;
    case 'chg':
      dispatchChanges(message.c);
      return;
    case 'crash':
      for (const listener of gameListeners.keys()) listener(message as Record<string, unknown>);
      return;
    case 'err':
      // A refused auth (session-invalid code) ends the session like any call would.
      if (typeof message.code === 'string') reactToError(new ApiError(message.code));
      return;
    case 'bet':
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      void refreshBalance();
      return;
    case 'balance':
      // A provider game's bet or win (the seamless wallet pushes after each): an open game report follows.
      void queryClient.invalidateQueries({ queryKey: ['account', 'games'] });
      if (typeof message.balance === 'string') {
        queryClient.setQueryData<Balance>(balanceKey(accountId), {
          balance: message.balance,
          account_balance: String(message.account_balance ?? message.balance),
          outstanding_balance: String(message.outstanding_balance ?? '0'),
        });
      } else {
        void refreshBalance();
      }
      return;
    case 'profile':
      void refreshProfile();
      return;
    case 'messages':
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
      return;
    case 'room':
      // A tournament room moved (closed, scored, paid, cancelled): its screens and the balance follow.
      void queryClient.invalidateQueries({ queryKey: ['tournament'] });
      void refreshBalance();
      return;
    case 'session':
      if (typeof message.statusdesc === 'string') reactToError(new ApiError(message.statusdesc));
      return;
  }
}

/**
 * The member's push socket (/ws): authenticate with the session ({op:'auth'}), then balance, bet, profile,
 * message and session events arrive on the member topic. Reconnects with a capped back-off while the
 * session lasts; after MAX_ATTEMPTS the balance keeps polling instead. Returns a stop function.
 */
export function startPush(): () => void {
  const info = useSession.getState().account?.info;
  if (!info || typeof WebSocket === 'undefined' || import.meta.env.MODE === 'test') return () => {};
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let attempts = 0;
  let stopped = false;

  const connect = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/ws`);
    socket.onopen = () => {
      attempts = 0;
      sendOnSocket = (message) => socket?.send(JSON.stringify(message));
      // The member's own topic (balance, bets) is joined by authenticating; market topics come later.
      socket?.send(
        JSON.stringify({ op: 'auth', account_id: info.account_id, session_token: info.session_token }),
      );
      clearInterval(ping);
      ping = setInterval(() => socket?.send(JSON.stringify({ op: 'ping' })), PING_MS);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      try {
        const message: unknown = JSON.parse(event.data);
        if (message && typeof message === 'object') handle(info.account_id, message as PushMessage);
      } catch {
        // not ours
      }
    };
    socket.onclose = () => {
      clearInterval(ping);
      sendOnSocket = null;
      joinedTopics = new Set();
      usePushStatus.setState({ connected: false });
      if (stopped || attempts >= MAX_ATTEMPTS) return;
      attempts += 1;
      timer = setTimeout(connect, Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.min(attempts, 5)));
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(ping);
    socket?.close();
    usePushStatus.setState({ connected: false });
  };
}
