import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpFloor } from './http-floor';
import { connectionStates } from './connection-states';
import { postJson, runOpenLoad } from './load';
import { timerProbe } from './timer-probe';
import {
  benchServer,
  bulkMembers,
  cpuMeter,
  databaseName,
  ledgerVerified,
  operator,
  pgbenchReference,
  psqlRow,
  serverAtRest,
  serverProcess,
  walMeterBeside,
} from './setup';

/** Members playing (each bet and its win are one member's). */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
/**
 * Wallet calls a second offered, open loop (BENCH_WALLET_RATE overrides): half bets, half wins. The target is
 * 3,000 calls a second with p99 <= 20 ms.
 */
const RATE = Number(process.env.BENCH_WALLET_RATE ?? 3_000);
const WARMUP_SECONDS = 5;
/**
 * A win is sent for the bet placed this many pairs earlier (about 0.2 s at the target rate). A provider only
 * settles a bet it has seen accepted: a win whose bet is not answered yet (an overloaded run answers later than
 * the lag) goes as a balance call instead, counted in `wins_sent_as_balance`, and is never sent.
 */
const WIN_LAG_PAIRS = 300;
const GAME = 'bench_slot';
const SECRET = randomBytes(24).toString('hex');
const DEPOSIT = 1_000_000n;

const sign = (raw: string) => createHmac('sha256', SECRET).update(raw).digest('base64');

/** A wallet call as the provider sends it: JSON, signed over its exact bytes. */
const signedCall = (url: string, body: Record<string, unknown>) => ({
  url,
  body,
  headers: { 'x-provider-id': 'sim', 'x-signature': sign(JSON.stringify(body)) },
});

/** The bet of a pair: 1.00 on its own round, by the pair's member. */
const betBody = (run: string, pair: number, member: { user: string; token: string }) => ({
  request_uuid: `q${run}b${pair}`,
  token: member.token,
  user: member.user,
  transaction_uuid: `${run}b${pair}`,
  round: `${run}r${pair}`,
  round_closed: false,
  game_code: GAME,
  currency: 'MYR',
  amount: 100_000,
});

/** The provider's Games API, just enough for the platform to list one slot and launch it (tokens in the URL). */
async function gamesApi(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      const answer =
        request.url === '/game/list'
          ? {
              games: [
                {
                  game_code: GAME,
                  name: 'Bench Slot',
                  studio: 'bench',
                  studio_name: 'Bench Studio',
                  product: 'slots',
                  category: 'Video Slots',
                  thumbnail_url: 'http://127.0.0.1/bench.svg',
                  tags: [],
                  platforms: ['desktop'],
                  rtp: '96.00',
                  enabled: true,
                },
              ],
            }
          : { url: `http://127.0.0.1/play/${GAME}?t=${String(body.token)}` };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Bet + win pairs of MEMBERS members through the seamless wallet (signed calls, as the provider makes them),
 * open loop at RATE calls a second; then the ledger check and pgbench TPC-B on the same server for the ratio, and
 * the machine's HTTP floor (http-floor.ts) beside them.
 */
export async function walletBench(seconds: number): Promise<object[]> {
  const { figures, floorRequest } = await walletRun(seconds);
  // The machine's own floor, once the platform is stopped: the same client, rate and length against a bare
  // HTTP server doing only a call's protocol work, sent the run's own bets (the same bodies, the same sizes).
  const floor = await httpFloor(
    { rate: RATE, seconds, warmupSeconds: WARMUP_SECONDS, secret: SECRET },
    floorRequest,
  );
  return figures.map((figure) => (figure.name === 'wallet.reference' ? { ...figure, ...floor } : figure));
}

/**
 * Finished rounds the win/loss report's job has not counted yet, as the measured window ends. The job's work is
 * part of a call's cost: one that falls behind moves it out of the window (fewer WAL records and less CPU a call,
 * a growing backlog), and this figure shows it. Keeping up, it stays below about a second's rounds.
 */
function reportBacklog(url: string): number | null {
  const value = Number(
    psqlRow(
      url,
      "select count(*) from uncounted_game_rounds q join game_rounds r on r.id = q.id where r.status = 'closed'",
    )?.[0],
  );
  return Number.isFinite(value) ? value : null;
}

type Figure = { name: string } & Record<string, unknown>;
/** Makes the floor's n-th request for its server's port. */
type FloorRequest = (
  n: number,
  port: number,
) => { url: string; body: unknown; headers: Record<string, string> };

/** The wallet's run on the platform: its figures, and the floor's requests made of the run's own bets. */
async function walletRun(seconds: number): Promise<{ figures: Figure[]; floorRequest: FloorRequest }> {
  const api = await gamesApi();
  const server = await benchServer({
    FEED: 'none',
    PROVIDER_SIM_URL: api.url,
    PROVIDER_SIM_SECRET: SECRET,
  });
  try {
    const bo = await operator(server.url);
    const run = Date.now().toString(36);
    const members = await memberSessions(server.url, bo, run);
    await catalogueReady(server.url, members[0]);
    const wallets = await walletTokens(server.url, members);
    const walletCall = (path: string, body: Record<string, unknown>) =>
      signedCall(`${server.url}/wallet/${path}`, body);
    const pairMember = (pair: number) => wallets[(pair * 7) % wallets.length] ?? { user: '', token: '' };
    const betOf = (pair: number) => betBody(run, pair, pairMember(pair));
    // Bets answered RS_OK, by pair: set from the replies, taken when the pair's win is due (at most the run's pairs).
    const betPrefix = `q${run}b`;
    const betAccepted = new Set<number>();
    let winsSentAsBalance = 0;
    const next = (n: number) => {
      const pair = Math.floor(n / 2);
      if (n % 2 === 0) return walletCall('bet', betOf(pair));
      const betPair = pair - WIN_LAG_PAIRS;
      const member = pairMember(Math.max(betPair, 0));
      const accepted = betAccepted.delete(betPair);
      if (betPair >= 0 && !accepted) winsSentAsBalance += 1;
      if (betPair < 0 || !accepted)
        return walletCall('balance', {
          request_uuid: `q${run}x${pair}`,
          token: member.token,
          user: member.user,
        });
      return walletCall('win', {
        request_uuid: `q${run}w${betPair}`,
        token: member.token,
        user: member.user,
        transaction_uuid: `${run}w${betPair}`,
        reference_transaction_uuid: `${run}b${betPair}`,
        round: `${run}r${betPair}`,
        round_closed: true,
        game_code: GAME,
        currency: 'MYR',
        // Pays 0, 1.90 or 0.50 in turn: a mix of losses and wins.
        amount: [0, 190_000, 50_000][betPair % 3],
      });
    };
    const isOk = (reply: Record<string, unknown>) => {
      const ok = reply.status === 'RS_OK';
      const uuid = typeof reply.request_uuid === 'string' ? reply.request_uuid : '';
      if (ok && uuid.startsWith(betPrefix)) betAccepted.add(Number(uuid.slice(betPrefix.length)));
      return ok;
    };
    // A fresh checkpoint before the warm-up (the setup wrote hundreds of megabytes): a checkpoint the setup's
    // WAL would set off inside the measured window is the setup's cost, not the calls' (as betting.ts does).
    const url = process.env.DATABASE_URL;
    if (url) psqlRow(url, 'checkpoint');
    await serverAtRest(server.url);
    // The meters of the measured window, started as it starts (inside the running load).
    const pid = serverProcess(server.url);
    const startMeters = () => ({
      // CPU of each party and PostgreSQL's WAL over the measured window, per 1,000 answered calls.
      wal: url ? walMeterBeside(url) : null,
      cpu: cpuMeter(server.url, pid),
      // Sampled by PostgreSQL over the measured window: the wallet's connections (db/database.ts names them).
      states: url ? connectionStates(url, 'sb-wallet', seconds) : null,
      // Beside the run, a process with no work of its own: how late its timer comes is the machine's own tail.
      probe: timerProbe(seconds),
    });
    const measured: { meters?: ReturnType<typeof startMeters> } = {};
    // The warm-up first, at the same rate in the same load, not counted: compiled code, caches, the wallet's
    // memory of its members and the client's connections warm, as on a live server.
    const load = await runOpenLoad(
      'wallet.calls',
      {
        rate: RATE,
        seconds,
        warmupSeconds: WARMUP_SECONDS,
        maxOutstanding: 512,
        isOk,
        onWindow: () => {
          winsSentAsBalance = 0;
          measured.meters = startMeters();
        },
      },
      next,
    );
    const { meters } = measured;
    if (!meters) throw new Error('the measured window never started');
    const cpu = meters.cpu(load.ok, 'calls');
    const wal = (await meters.wal?.(load.ok, 'calls')) ?? {};
    const connection = (await meters.states) ?? {};
    const machineTail = await meters.probe;
    const backlog = url ? reportBacklog(url) : null;
    const database = databaseName();
    const ledger = url
      ? ledgerVerified(url)
      : 'checked by the test suite (embedded database is gone with the run)';
    const reference = url && database === 'postgres' ? pgbenchReference(url) : null;
    const floorRequest: FloorRequest = (n, port) =>
      signedCall(`http://127.0.0.1:${port}/wallet/bet`, betOf(Math.floor(n / 2)));
    const figures: Figure[] = [
      {
        ...load,
        name: 'wallet.calls',
        members: wallets.length,
        wins_sent_as_balance: winsSentAsBalance,
        ...cpu,
        ...wal,
        ...connection,
        ...machineTail,
        report_backlog_rounds: backlog,
        target: '>= 3000 calls/s, p99 <= 20 ms',
        database,
      },
      { name: 'wallet.ledger_verify', result: ledger, database },
      {
        name: 'wallet.reference',
        pgbench_tpcb_tps: reference?.tps ?? null,
        wallet_calls_per_pgbench_tps: reference ? Number((load.throughput / reference.tps).toFixed(3)) : null,
        postgres_cpu_ms_per_1000_tpcb_transactions: reference?.postgresCpuMsPer1000 ?? null,
        ...reference?.wal,
        database,
      },
    ];
    return { figures, floorRequest };
  } finally {
    await server.stop();
    await api.close();
  }
}

type Backoffice = Awaited<ReturnType<typeof operator>>;

/** PostgreSQL: members copied in bulk from a template; embedded: each made and logged in through the API. */
async function memberSessions(url: string, bo: Backoffice, run: string) {
  const template = `gt${run}`;
  const create = async (id: string) => {
    await bo('createaccount', {
      account_id: id,
      password: 'Bench123',
      parent_id: 'demoag',
      currency: 'MYR',
      commission_rate: '0.0025',
    });
    await bo('deposit', { account_id: id, amount: String(DEPOSIT), transfer_id: `bench:${id}` });
  };
  if (process.env.DATABASE_URL) {
    await create(template);
    return bulkMembers(process.env.DATABASE_URL, template, `g${run}`, MEMBERS, DEPOSIT * 100n);
  }
  const sessions: { account_id: string; session_token: string }[] = [];
  for (let i = 0; i < MEMBERS; i += 16) {
    const batch = Array.from({ length: Math.min(16, MEMBERS - i) }, (_, k) => `g${run}${i + k}`);
    sessions.push(
      ...(await Promise.all(
        batch.map(async (id) => {
          await create(id);
          const { reply } = await postJson(`${url}/api/authlogin`, { account_id: id, password: 'Bench123' });
          const info = (reply.member_profile as { player_info: [{ session_token: string }] }).player_info[0];
          return { account_id: id, session_token: info.session_token };
        }),
      )),
    );
  }
  return sessions;
}

/** Each member launches the slot and the provider swaps the launch token: the wallet session tokens. */
async function walletTokens(url: string, sessions: { account_id: string; session_token: string }[]) {
  const tokens: { user: string; token: string }[] = [];
  for (let i = 0; i < sessions.length; i += 32) {
    const batch = sessions.slice(i, i + 32);
    tokens.push(
      ...(await Promise.all(
        batch.map(async (session) => {
          const launched = await postJson(`${url}/api/launchslotgame`, { ...session, game_code: GAME });
          if (launched.reply.status !== '1')
            throw new Error(`launch failed: ${JSON.stringify(launched.reply)}`);
          const launchToken = new URL(String(launched.reply.url)).searchParams.get('t') ?? '';
          const body = { request_uuid: `check-${session.account_id}`, token: launchToken };
          const checked = await postJson(`${url}/wallet/check`, body, {
            'x-provider-id': 'sim',
            'x-signature': sign(JSON.stringify(body)),
          });
          if (checked.reply.status !== 'RS_OK')
            throw new Error(`check failed: ${JSON.stringify(checked.reply)}`);
          return { user: session.account_id, token: String(checked.reply.token) };
        }),
      )),
    );
  }
  return tokens;
}

/** The server syncs the catalogue at start without waiting for it: wait until the slot is listed (20 s at most). */
async function catalogueReady(
  url: string,
  session: { account_id: string; session_token: string } | undefined,
) {
  if (!session) throw new Error('no members');
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { reply } = await postJson(`${url}/api/GameList`, { ...session, product: 'slots' });
    if (Array.isArray(reply.games) && reply.games.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the game catalogue never listed the bench slot');
}
