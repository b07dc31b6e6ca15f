import type { CatalogChange } from '../modules/catalog/events';

/** What the hub needs of a socket: easy to fake in a unit test, satisfied by ws.WebSocket. */
export interface PushSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly bufferedAmount: number;
}

/** A client whose unsent data passes this is too slow: it is dropped, not allowed to grow memory. */
export const MAX_BUFFERED_BYTES = 1_000_000;
const MAX_TOPICS_PER_CLIENT = 500;

export type Topic = `sport:${number}` | `match:${number}` | 'all' | `member:${string}`;

export function isTopic(value: unknown): value is Topic {
  return typeof value === 'string' && (value === 'all' || /^(sport|match):\d{1,12}$/.test(value));
}

/**
 * Fan-out of catalogue changes to WebSocket clients by topic. Each change is serialised once and sent to the
 * subscribers of its match and sport topics; the subscription index makes a change cost its audience, not
 * the number of connected clients.
 */
export class PushHub {
  private readonly byTopic = new Map<Topic, Set<PushSocket>>();
  private readonly topicsOf = new Map<PushSocket, Set<Topic>>();
  dropped = 0;
  sent = 0;

  add(socket: PushSocket): void {
    this.topicsOf.set(socket, new Set());
  }

  remove(socket: PushSocket): void {
    for (const topic of this.topicsOf.get(socket) ?? []) this.byTopic.get(topic)?.delete(socket);
    this.topicsOf.delete(socket);
  }

  subscribe(socket: PushSocket, topics: Topic[]): boolean {
    const mine = this.topicsOf.get(socket);
    if (!mine) return false;
    if (mine.size + topics.length > MAX_TOPICS_PER_CLIENT) return false;
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
    const message = JSON.stringify({ op: 'chg', c: change });
    if (change.t === 'league') {
      this.deliver(message, [`sport:${change.league.sportId}`, 'all']);
      return;
    }
    const sport = change.t === 'match' ? change.match.sportId : sportOf(change.id);
    const topics: Topic[] = [`match:${change.id}`, 'all'];
    if (sport !== undefined) topics.push(`sport:${sport}`);
    this.deliver(message, topics);
  }

  /** Sends to one member's sockets (balance and bet status pushes). */
  toMember(accountId: string, payload: object): void {
    this.deliver(JSON.stringify(payload), [`member:${accountId.toLowerCase()}`]);
  }

  joinMember(socket: PushSocket, accountId: string): void {
    const topic: Topic = `member:${accountId.toLowerCase()}`;
    this.topicsOf.get(socket)?.add(topic);
    let set = this.byTopic.get(topic);
    if (!set) {
      set = new Set();
      this.byTopic.set(topic, set);
    }
    set.add(socket);
  }

  private deliver(message: string, topics: Topic[]): void {
    const seen = new Set<PushSocket>();
    for (const topic of topics) {
      for (const socket of this.byTopic.get(topic) ?? []) {
        if (seen.has(socket)) continue;
        seen.add(socket);
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          this.dropped += 1;
          this.remove(socket);
          socket.close(1013, 'too slow');
          continue;
        }
        socket.send(message);
        this.sent += 1;
      }
    }
  }
}
