import { describe, expect, it } from 'vitest';
import type { CatalogChange, MatchView } from '../modules/catalog/events';
import { PushHub, isTopic, textFrame, type Outgoing, type PushSocket } from './hub';

class FakeSocket implements PushSocket {
  messages: string[] = [];
  writes = 0;
  closed: number | null = null;
  bufferedAmount = 0;
  push(messages: Outgoing[]) {
    this.writes += 1;
    for (const message of messages) this.messages.push(message.text);
  }
  close(code?: number) {
    this.closed = code ?? 1000;
  }
}

const match = (id: number, sportId: number): MatchView => ({
  id,
  key: `k${id}`,
  sportId,
  leagueId: 1,
  parentId: null,
  childType: null,
  outright: false,
  home: 'A',
  away: 'B',
  kickoff: 0,
  neutral: false,
  state: 0,
  detail: null,
  live: true,
  period: '1h',
  minute: 10,
  score: [0, 0],
  red: [0, 0],
  seq: 2,
});

describe('PushHub', () => {
  it('delivers a change once to subscribers of its match, sport or everything, and to nobody else', () => {
    const hub = new PushHub();
    const [bySport, byMatch, both, other] = [
      new FakeSocket(),
      new FakeSocket(),
      new FakeSocket(),
      new FakeSocket(),
    ];
    for (const s of [bySport, byMatch, both, other]) hub.add(s);
    hub.subscribe(bySport, ['sport:1']);
    hub.subscribe(byMatch, ['match:7']);
    hub.subscribe(both, ['sport:1', 'match:7']);
    hub.subscribe(other, ['sport:2', 'match:8']);
    const change: CatalogChange = { t: 'match', id: 7, seq: 2, match: match(7, 1) };
    hub.publish(change, () => 1);
    expect(bySport.messages).toHaveLength(0); // written on the next turn, after the caller is done
    hub.flush();
    expect(bySport.messages).toHaveLength(1);
    expect(byMatch.messages).toHaveLength(1);
    expect(both.messages).toHaveLength(1);
    expect(other.messages).toHaveLength(0);
    expect(JSON.parse(bySport.messages[0] ?? '')).toEqual({ op: 'chg', c: change });
  });

  it('writes what a socket is owed since the last flush in one write, in order', async () => {
    const hub = new PushHub();
    const socket = new FakeSocket();
    hub.add(socket);
    hub.subscribe(socket, ['match:1', 'match:2']);
    hub.publish({ t: 'match', id: 1, seq: 5, match: match(1, 1) }, () => 1);
    hub.publish({ t: 'match', id: 2, seq: 9, match: match(2, 1) }, () => 1);
    hub.toMember('nobody', { op: 'bal' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.writes).toBe(1);
    expect(socket.messages.map((m) => (JSON.parse(m) as { c: { seq: number } }).c.seq)).toEqual([5, 9]);
  });

  it('drops a client whose send buffer is over the limit', () => {
    const hub = new PushHub();
    const slow = new FakeSocket();
    hub.add(slow);
    hub.subscribe(slow, ['all']);
    slow.bufferedAmount = 2_000_000;
    hub.publish({ t: 'match', id: 1, seq: 1, match: match(1, 1) }, () => 1);
    hub.flush();
    expect(slow.closed).toBe(1013);
    expect(hub.clients).toBe(0);
    expect(hub.dropped).toBe(1);
  });

  it('frames text as a server does: short, 16-bit and 64-bit lengths, UTF-8 payload', () => {
    expect([...textFrame('hi')]).toEqual([0x81, 2, 0x68, 0x69]);
    const medium = textFrame('é'.repeat(100));
    expect([medium[0], medium[1], medium.readUInt16BE(2)]).toEqual([0x81, 126, 200]);
    expect(medium.subarray(4).toString('utf8')).toBe('é'.repeat(100));
    const large = textFrame('x'.repeat(70_000));
    expect([large[0], large[1], Number(large.readBigUInt64BE(2))]).toEqual([0x81, 127, 70_000]);
    expect(large.length).toBe(10 + 70_000);
  });

  it('refuses too many topics and validates topic names', () => {
    const hub = new PushHub();
    const socket = new FakeSocket();
    hub.add(socket);
    const many = Array.from({ length: 501 }, (_, i) => `match:${i + 1}` as const);
    expect(hub.subscribe(socket, many)).toBe(false);
    expect(isTopic('sport:1')).toBe(true);
    expect(isTopic('match:x')).toBe(false);
    expect(isTopic('member:bob')).toBe(false);
  });
});
