import { Redis } from 'ioredis';

/**
 * Catalogue events travel on a bus: in-process with one server, Redis pub/sub when REDIS_URL is set so
 * every process's market snapshot and WebSocket clients see every change. Messages are JSON strings.
 */
export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export class LocalBus implements Bus {
  private readonly handlers = new Map<string, Set<(message: string) => void>>();

  async publish(channel: string, message: string): Promise<void> {
    // Delivered on a later tick, as Redis would: a publisher never runs subscribers inside its transaction.
    const handlers = this.handlers.get(channel);
    if (!handlers) return;
    queueMicrotask(() => {
      for (const handler of handlers) handler(message);
    });
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}

export class RedisBus implements Bus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();

  constructor(
    url: string,
    private readonly prefix = 'sb:bus:',
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    // No ready check on the subscriber: its INFO probe is refused once the connection is in subscriber mode.
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: false });
    this.subscriber.on('message', (channel: string, message: string) => {
      const handlers = this.handlers.get(channel.slice(this.prefix.length));
      if (handlers) for (const handler of handlers) handler(message);
    });
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.publisher.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.subscriber.subscribe(this.prefix + channel);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0) {
        this.handlers.delete(channel);
        await this.subscriber.unsubscribe(this.prefix + channel);
      }
    };
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
