import { connect, type Socket } from 'node:net';

/** A request waiting for a free connection, or on one: its bytes and who waits for the reply. */
interface Exchange {
  bytes: Buffer;
  resolve: (reply: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

/**
 * The open-loop load client's HTTP/1.1: keep-alive connections of its own, one request in flight on each (as a
 * provider's or a browser's pool sends them, no pipelining), requests beyond the pool waiting in order. It
 * writes each request as one buffer and reads replies by their content-length, nothing more, so that on a
 * small machine the load generator takes as little as it can of the CPU the server and the database need
 * (node:http's client spent about 0.1-0.2 ms a call, a third of what the server spent).
 */
export class RawHttpPool {
  private readonly idle: Connection[] = [];
  private readonly waiting: Exchange[] = [];
  private readonly connections = new Set<Connection>();

  constructor(
    private readonly origin: URL,
    private readonly size: number,
  ) {}

  post(path: string, payload: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
    const body = Buffer.from(payload);
    let head = `POST ${path} HTTP/1.1\r\nhost: ${this.origin.host}\r\ncontent-type: application/json\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    head += `content-length: ${body.length}\r\n\r\n`;
    const bytes = Buffer.concat([Buffer.from(head, 'latin1'), body]);
    return new Promise((resolve, reject) => {
      const exchange = { bytes, resolve, reject };
      const connection = this.idle.pop() ?? this.open();
      if (connection) connection.send(exchange);
      else this.waiting.push(exchange);
    });
  }

  close(): void {
    for (const connection of this.connections) connection.destroy();
  }

  private open(): Connection | undefined {
    if (this.connections.size >= this.size) return undefined;
    const connection = new Connection(this.origin, (free) => this.release(free));
    this.connections.add(connection);
    return connection;
  }

  /**
   * A connection answered (or broke): it takes the next waiting request, or rests. A broken one leaves the pool,
   * resting or not: the server closes a connection idle past its keep-alive time, and a request sent on it
   * would never be answered.
   */
  private release(connection: Connection): void {
    if (connection.broken) {
      this.connections.delete(connection);
      const resting = this.idle.indexOf(connection);
      if (resting >= 0) this.idle.splice(resting, 1);
      const next = this.waiting.shift();
      if (!next) return;
      const other = this.idle.pop() ?? this.open();
      if (other) other.send(next);
      else this.waiting.unshift(next);
      return;
    }
    const next = this.waiting.shift();
    if (next) connection.send(next);
    else this.idle.push(connection);
  }
}

class Connection {
  broken = false;
  private readonly socket: Socket;
  private current: Exchange | null = null;
  private buffered: Buffer = Buffer.alloc(0);

  constructor(origin: URL, onFree: (connection: Connection) => void) {
    this.socket = connect({ host: origin.hostname, port: Number(origin.port), noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      const reply = this.takeReply();
      if (reply === undefined) return;
      // A reply this client cannot read leaves the stream's framing unknown: the connection is given up.
      if (reply instanceof Error) return fail(reply);
      const exchange = this.current;
      this.current = null;
      onFree(this);
      exchange?.resolve(reply);
    });
    const fail = (error: Error): void => {
      if (this.broken) return;
      this.broken = true;
      const exchange = this.current;
      this.current = null;
      this.socket.destroy();
      onFree(this);
      exchange?.reject(error);
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed')));
  }

  send(exchange: Exchange): void {
    if (this.broken) return exchange.reject(new Error('connection closed'));
    this.current = exchange;
    this.socket.write(exchange.bytes);
  }

  destroy(): void {
    this.broken = true;
    this.socket.destroy();
  }

  /** The whole reply once it is in (its parsed JSON body), an Error for a reply that is not JSON. */
  private takeReply(): Record<string, unknown> | Error | undefined {
    const headerEnd = this.buffered.indexOf(HEADER_END);
    if (headerEnd < 0) return undefined;
    const head = this.buffered.toString('latin1', 0, headerEnd);
    const length = CONTENT_LENGTH.exec(head)?.[1];
    if (length === undefined) return new Error(`reply without content-length: ${head.split('\r\n')[0]}`);
    const end = headerEnd + HEADER_END.length + Number(length);
    if (this.buffered.length < end) return undefined;
    const body = this.buffered.toString('utf8', headerEnd + HEADER_END.length, end);
    this.buffered = this.buffered.subarray(end);
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }
}
