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
}

const MAX_ATTEMPTS = 50;
const MAX_DELAY_MS = 30_000;
const PING_MS = 25_000;

/** Member pushes (the server's member topic): `op` names the event; `type` is accepted as well. */
function handle(accountId: string, message: PushMessage): void {
  switch (message.op ?? message.type) {
    case 'ready':
      usePushStatus.setState({ connected: true });
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
