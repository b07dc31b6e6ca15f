import type { CatalogChange } from '../modules/catalog/events';

/** A message serialised once for its whole audience: its text and the same text as a finished frame. */
export interface Outgoing {
  readonly text: string;
  readonly frame: Buffer;
}

/** What the hub needs of a socket: easy to fake in a unit test; ws.ts adapts a ws.WebSocket. */
export interface PushSocket {
  /** Writes the messages in order, in as few writes as the socket allows. */
  push(messages: Outgoing[]): void;
  close(code?: number, reason?: string): void;
  /** Destroys the connection at once: a slow client's queued bytes are freed now, not after a close handshake. */
  terminate?(): void;
  readonly bufferedAmount: number;
}

/** An unmasked, final text frame (RFC 6455 5.2) around `text`, as a server sends it. */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

const outgoing = (payload: object): Outgoing => {
  const text = JSON.stringify(payload);
  return { text, frame: textFrame(text) };
};

/** A client whose unsent data passes this is too slow: it is dropped, not allowed to grow memory. */
export const MAX_BUFFERED_BYTES = 1_000_000;
const MAX_TOPICS_PER_CLIENT = 500;

export interface HubLimits {
  /** Unsent bytes a socket may hold before it is dropped as too slow. */
  maxBufferedBytes: number;
  /** Topics one socket may hold. */
  maxTopics: number;
}

export type Topic =
  `sport:${number}` | `match:${number}` | 'all' | `member:${string}` | `game:${string}` | `risk:${number}`;

/** Game rounds shared by every player that a client may subscribe to (own games, pushed by their engines). */
export const GAME_TOPICS = ['game:crash'] as const;

export function isTopic(value: unknown): value is Topic {
  return (
    typeof value === 'string' &&
    (value === 'all' ||
      /^(sport|match):\d{1,12}$/.test(value) ||
      (GAME_TOPICS as readonly string[]).includes(value))
  );
}

/**
 * Fan-out of catalogue changes to WebSocket clients by topic. Each change is serialised and framed once and
 * written as is to the subscribers of its match and sport topics; the subscription index makes a change cost its audience, not
 * the number of connected clients.
 */
export class PushHub {
  private readonly byTopic = new Map<Topic, Set<PushSocket>>();
  private readonly topicsOf = new Map<PushSocket, Set<Topic>>();
  /** What each socket is owed since the last flush, in publication order. */
  private readonly owed = new Map<PushSocket, Outgoing[]>();
  /** The session (its token's hash) each member socket was opened with, so ending a session closes it. */
  private readonly sessionOf = new Map<PushSocket, { accountId: string; sessionHash: string }>();
  private flushScheduled = false;
  dropped = 0;
  sent = 0;

  constructor(
    readonly limits: HubLimits = { maxBufferedBytes: MAX_BUFFERED_BYTES, maxTopics: MAX_TOPICS_PER_CLIENT },
  ) {}

  add(socket: PushSocket): void {
    this.topicsOf.set(socket, new Set());
  }

  /** True when the socket holds more unsent data than allowed: the caller must stop and drop it. */
  tooSlow(socket: PushSocket): boolean {
    return socket.bufferedAmount > this.limits.maxBufferedBytes;
  }

  /** Drops a slow socket: forgotten at once, closed (its buffer freed) by the socket layer. */
  drop(socket: PushSocket): void {
    this.dropped += 1;
    this.remove(socket);
    if (socket.terminate) socket.terminate();
    else socket.close(1013, 'too slow');
  }

  remove(socket: PushSocket): void {
    this.sessionOf.delete(socket);
    this.owed.delete(socket);
    for (const topic of this.topicsOf.get(socket) ?? []) this.byTopic.get(topic)?.delete(socket);
    this.topicsOf.delete(socket);
  }

  subscribe(socket: PushSocket, topics: Topic[]): boolean {
    const mine = this.topicsOf.get(socket);
    if (!mine) return false;
    const fresh = topics.filter((topic) => !mine.has(topic));
    if (mine.size + new Set(fresh).size > this.limits.maxTopics) return false;
    for (const topic of topics) {
      mine.add(topic);
      let set = this.byTopic.get(topic);
      if (!set) {
        set = new Set();
        this.byTopic.set(topic, set);
      }
      set.add(socket);
    }
    return true;
  }

  unsubscribe(socket: PushSocket, topics: Topic[]): void {
    const mine = this.topicsOf.get(socket);
    for (const topic of topics) {
      mine?.delete(topic);
      this.byTopic.get(topic)?.delete(socket);
    }
  }

  get clients(): number {
    return this.topicsOf.size;
  }

  /** Sends a catalogue change to everyone subscribed to its match, its sport, or everything. */
  publish(change: CatalogChange, sportOf: (matchId: number) => number | undefined): void {
    const message = outgoing({ op: 'chg', c: change });
    if (change.t === 'league') {
      this.deliver(message, [`sport:${change.league.sportId}`, 'all']);
      return;
    }
    const sport = change.t === 'match' ? change.match.sportId : sportOf(change.id);
    const topics: Topic[] = [`match:${change.id}`, 'all'];
    if (sport !== undefined) topics.push(`sport:${sport}`);
    this.deliver(message, topics);
  }

  /** Sends a game round's event to everyone watching that game. */
  toGame(topic: (typeof GAME_TOPICS)[number], payload: object): void {
    this.deliverTo(topic, payload);
  }

  /** Sends to one member's sockets (balance and bet status pushes). */
  toMember(accountId: string, payload: object): void {
    this.deliverTo(`member:${accountId.toLowerCase()}`, payload);
  }

  /** Sends to the operators' desks of one brand (risk pushes). */
  toRisk(brandId: number, payload: object): void {
    this.deliverTo(`risk:${brandId}`, payload);
  }

  /**
   * One topic's push, serialised only when a socket listens: most members placing bets have no socket open in
   * this process, and the frame of every bet's and balance's push was measurable work for nobody.
   */
  private deliverTo(topic: Topic, payload: object): void {
    if (!this.byTopic.get(topic)?.size) return;
    this.deliver(outgoing(payload), [topic]);
  }

  /** An operator's socket (signed in with its back-office token) receives its brand's risk pushes. */
  joinRisk(socket: PushSocket, brandId: number): void {
    this.join(socket, `risk:${brandId}`);
  }

  joinMember(socket: PushSocket, accountId: string, sessionHash = ''): void {
    const topic: Topic = `member:${accountId.toLowerCase()}`;
    this.sessionOf.set(socket, { accountId: accountId.toLowerCase(), sessionHash });
    this.join(socket, topic);
  }

  /** A topic the server puts a socket in (never one a client may ask for with 'sub'). */
  private join(socket: PushSocket, topic: Topic): void {
    this.topicsOf.get(socket)?.add(topic);
    let set = this.byTopic.get(topic);
    if (!set) {
      set = new Set();
      this.byTopic.set(topic, set);
    }
    set.add(socket);
  }

  /**
   * A member's sessions ended (logout, password change): their sockets close, so nothing more is pushed to
   * them. `only` closes one session's sockets; `except` all but that one.
   */
  endSessions(accountId: string, filter: { only?: string; except?: string }): number {
    const wanted = accountId.toLowerCase();
    let closed = 0;
    for (const [socket, session] of [...this.sessionOf]) {
      if (session.accountId !== wanted) continue;
      if (filter.only !== undefined && session.sessionHash !== filter.only) continue;
      if (filter.except !== undefined && session.sessionHash === filter.except) continue;
      this.remove(socket);
      socket.close(4003, 'session_expired');
      closed += 1;
    }
    return closed;
  }

  /**
   * Writes what is owed: each socket gets everything since the last flush in one write. The flush runs on
   * the next turn of the event loop, so the call that caused a change answers before its fan-out, and when
   * changes come faster than sockets take them, they leave in fewer, fuller writes.
   */
  flush(): void {
    this.flushScheduled = false;
    for (const [socket, messages] of this.owed) {
      if (this.tooSlow(socket)) {
        this.drop(socket);
        continue;
      }
      socket.push(messages);
      this.sent += messages.length;
    }
    this.owed.clear();
  }

  private deliver(message: Outgoing, topics: Topic[]): void {
    const seen = new Set<PushSocket>();
    for (const topic of topics) {
      for (const socket of this.byTopic.get(topic) ?? []) {
        if (seen.has(socket)) continue;
        seen.add(socket);
        const messages = this.owed.get(socket);
        if (messages) messages.push(message);
        else this.owed.set(socket, [message]);
      }
    }
    if (!this.flushScheduled && this.owed.size > 0) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }
}
