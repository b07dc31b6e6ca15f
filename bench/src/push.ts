import WebSocket from 'ws';
import { postJson } from './load';
import {
  benchServer,
  cpuSeconds,
  createSoccerBook,
  databaseName,
  operator,
  serverAtRest,
  serverProcess,
} from './setup';

const CLIENTS = 5_000;
const MATCHES = 200;
const MATCHES_PER_CLIENT = 10;
const CHANGES_PER_SECOND = 200;
const MEMBERS = 50;
/** More calls than this outstanding means the server is not keeping up: the provider waits (counted). */
const MAX_OUTSTANDING_CALLS = 4;

interface Figure {
  name: string;
  clients: number;
  changes_sent: number;
  changes_per_second: number;
  provider_waits: number;
  messages_expected: number;
  messages_received: number;
  lost: number;
  out_of_order: number;
  server_cpu_ms_per_1000_messages: number;
  bench_cpu_ms_per_1000_messages: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  database: string;
}

/**
 * 5,000 WebSocket clients, each watching 10 of 200 matches, while the trading API moves 200 prices a second:
 * delivery latency from the price call to each client's receipt, and every client's sequence checked for
 * gaps and reordering. (All 5,000 clients on every change would be a million messages a second, more than
 * this 2-core machine sends; a screen shows a page of matches, so each client follows ten.)
 */
export async function pushBench(seconds: number): Promise<Figure[]> {
  const server = await benchServer({ FEED: 'none' });
  const sockets: WebSocket[] = [];
  try {
    const ids = await createSoccerBook(server.url, MATCHES);
    const bo = await operator(server.url);
    const run = Date.now().toString(36);
    const memberIds = Array.from({ length: MEMBERS }, (_, i) => `p${run}${i}`);
    for (const id of memberIds) {
      await bo('createaccount', {
        account_id: id,
        password: 'Bench123',
        parent_id: 'demoag',
        currency: 'MYR',
        commission_rate: '0.0025',
      });
    }
    const sessions: { account_id: string; session_token: string }[] = [];
    for (const id of memberIds) {
      const { reply } = await postJson(`${server.url}/api/authlogin`, {
        account_id: id,
        password: 'Bench123',
      });
      sessions.push({
        account_id: id,
        session_token: (reply.member_profile as { player_info: [{ session_token: string }] }).player_info[0]
          .session_token,
      });
    }
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const watchers = new Map<number, number>(); // match -> clients following it
    let received = 0;
    let outOfOrder = 0;
    const wsUrl = server.url.replace('http', 'ws') + '/ws';
    // Open in waves so the accept queue never overflows.
    for (let start = 0; start < CLIENTS; start += 250) {
      await Promise.all(
        Array.from({ length: Math.min(250, CLIENTS - start) }, (_, k) => {
          const index = start + k;
          const follows = Array.from(
            { length: MATCHES_PER_CLIENT },
            (_, j) => ids[(index * 7 + j * 19) % MATCHES] ?? 0,
          );
          for (const id of follows) watchers.set(id, (watchers.get(id) ?? 0) + 1);
          const lastSeq = new Map<number, number>();
          return new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(wsUrl);
            sockets.push(socket);
            socket.on('error', reject);
            socket.on('open', () =>
              socket.send(JSON.stringify({ op: 'auth', ...sessions[index % MEMBERS] })),
            );
            socket.on('message', (data: Buffer) => {
              const message = JSON.parse(data.toString()) as {
                op: string;
                c?: { id: number; seq: number; market?: { prices: { h: string } } };
              };
              if (message.op === 'ready') {
                socket.send(JSON.stringify({ op: 'sub', topics: follows.map((id) => `match:${id}`) }));
              } else if (message.op === 'subbed') {
                resolve();
              } else if (message.op === 'chg' && message.c?.market) {
                const at = performance.now();
                received += 1;
                const previous = lastSeq.get(message.c.id);
                if (previous !== undefined && message.c.seq !== previous + 1) outOfOrder += 1;
                lastSeq.set(message.c.id, message.c.seq);
                const sent = sentAt.get(`${message.c.id}:${message.c.market.prices.h}`);
                if (sent !== undefined) latencies.push(at - sent);
              }
            });
          });
        }),
      );
    }
    // 200 price changes a second, spread over the matches; each price is unique per match so receipt maps to send.
    // The provider pushes on its own clock (open loop): a batch every 50 ms of the schedule whatever the
    // server's pace, at most a few calls outstanding; a server that falls behind shows in the latency.
    let changes = 0;
    let expected = 0;
    let behind = 0;
    const counter = new Map<number, number>();
    const tickMs = 50;
    const ticks = Math.round((seconds * 1000) / tickMs);
    const perTick = (CHANGES_PER_SECOND * tickMs) / 1000;
    const inFlight = new Set<Promise<unknown>>();
    await serverAtRest(server.url);
    const serverPid = serverProcess(server.url);
    const serverCpuBefore = cpuSeconds(serverPid);
    const benchCpuBefore = process.cpuUsage();
    const receivedBefore = received;
    const started = performance.now();
    for (let tick = 0; tick < ticks; tick += 1) {
      const due = started + tick * tickMs - performance.now();
      if (due > 0) await new Promise((r) => setTimeout(r, due));
      while (inFlight.size >= MAX_OUTSTANDING_CALLS) {
        behind += 1;
        await Promise.race(inFlight);
      }
      const batch = Array.from({ length: perTick }, () => {
        const id = ids[changes % MATCHES] ?? 0;
        changes += 1;
        const n = (counter.get(id) ?? 0) + 1;
        counter.set(id, n);
        const home = `${1 + Math.floor(n / 1000)}.${String(n % 1000).padStart(3, '0')}`;
        // The catalogue stores NUMERIC(9,3) and answers '1.010' as '1.01'.
        sentAt.set(`${id}:${home.replace(/(\.\d\d)0$/, '$1')}`, performance.now());
        expected += watchers.get(id) ?? 0;
        return { match_id: id, kind: 'hdp', line: '-0.25', prices: { h: home, a: '1.90' } };
      });
      const call = bo('trade/prices', { changes: batch }).finally(() => inFlight.delete(call));
      inFlight.add(call);
    }
    const sendSeconds = (performance.now() - started) / 1000;
    await Promise.all(inFlight);
    await new Promise((r) => setTimeout(r, 2000));
    // CPU per delivered message: what a change costs each side, steadier than wall time on a shared machine.
    const delivered = Math.max(1, received - receivedBefore);
    const serverCpuMs = (cpuSeconds(serverPid) - serverCpuBefore) * 1000;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const benchCpuMs = (benchCpu.user + benchCpu.system) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (p: number) =>
      Number((latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0).toFixed(2));
    return [
      {
        name: 'push.price_delivery',
        clients: CLIENTS,
        changes_sent: changes,
        changes_per_second: Math.round(changes / sendSeconds),
        provider_waits: behind,
        messages_expected: expected,
        messages_received: received,
        lost: expected - received,
        out_of_order: outOfOrder,
        server_cpu_ms_per_1000_messages: Number(((serverCpuMs * 1000) / delivered).toFixed(1)),
        bench_cpu_ms_per_1000_messages: Number(((benchCpuMs * 1000) / delivered).toFixed(1)),
        p50_ms: at(0.5),
        p99_ms: at(0.99),
        max_ms: Number((latencies[latencies.length - 1] ?? 0).toFixed(2)),
        database: databaseName(),
      },
    ];
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
  }
}
