import { z } from 'zod';

/**
 * The one place that reads the environment. Parsed and checked once at start; everything else
 * receives the typed Config.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** postgres://... for a real server; empty means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL only: the schema to work in (a worker pointed at a test's or a tenant's schema). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: z.string().optional(),
  BRAND: z.string().min(1).max(40).default('Demo'),
  /** Secret for launch tokens and other HMACs. When unset, one is generated once and kept in the database. */
  APP_SECRET: z.string().min(16).optional(),
  SESSION_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(720),
  LAUNCH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(5),
  /** Failed logins one client address may make a minute, whatever accounts it tries. */
  LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Which proxies' X-Forwarded-For to believe: unset or 'false' none (the socket's address is the client's), a
   * number the hops of trusted proxies in front, otherwise a comma-separated list of proxy addresses or CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(false|\d{1,2}|[0-9a-fA-F.:/, ]{1,2000})$/)
    .default('false'),
  /** Longest time a request may take to arrive whole (a half-sent body is cut off), and idle keep-alive. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** 'true' when clients reach this server over TLS (directly or via a proxy): sends Strict-Transport-Security. */
  TLS: z.enum(['true', 'false']).default('false'),
  /** Extra origins the member app may load images from / connect to (a game provider's), space-separated. */
  CSP_IMG_ORIGINS: z
    .string()
    .regex(/^[\w.:/*\- ]{0,2000}$/)
    .default(''),
  CSP_CONNECT_ORIGINS: z
    .string()
    .regex(/^[\w.:/*\- ]{0,2000}$/)
    .default(''),
  /** WebSocket bounds: topics one socket may hold, subscriptions a second, matches per replay, bytes queued. */
  WS_MAX_TOPICS: z.coerce.number().int().min(1).max(100_000).default(500),
  WS_SUBS_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(10),
  WS_MAX_REPLAY_MATCHES: z.coerce.number().int().min(1).max(100_000).default(200),
  WS_MAX_BUFFERED_BYTES: z.coerce.number().int().min(16_384).max(1_000_000_000).default(4_000_000),
  /** How often an operator desk's socket checks its back-office token again (signed out: closed). */
  WS_BO_RECHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(50),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(65_536),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** The back-office app's built files (apps/backoffice/dist), served under /bo-app/. */
  BACKOFFICE_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /** Feed adapters started with the server: any of simulator, replay; 'none' for none. */
  FEED: z.string().default('simulator,replay'),
  /** The season the replay adapter plays (football-data.co.uk layout). */
  REPLAY_FILE: z.string().default('data/EPL-2023-24-E0.csv'),
  REPLAY_SPEED: z.coerce.number().min(0.1).max(10_000).default(1),
  /** Longest wait between replayed kick-offs, so a demo keeps matches coming. */
  REPLAY_MAX_IDLE_MINUTES: z.coerce.number().min(1).max(100_000).default(20),
  SIMULATOR_SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .default(1),
  FEED_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How long a live bet waits before it is accepted or rejected. */
  LIVE_ACCEPT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Bets settled per transaction, and how often the settlement queue is looked at for leftovers. */
  SETTLEMENT_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  SETTLEMENT_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /** How long a settlement job stays with the process that took it before another may take it over. */
  SETTLEMENT_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** 'false' leaves settlement to separate workers (`npm run settle`): the web process only enqueues. */
  SETTLEMENT_WORKER: z.enum(['true', 'false']).default('true'),
  /**
   * With PostgreSQL, finished game rounds are counted into the win/loss report on a worker thread of the server
   * process, with its own connection (jobs/report-rounds.ts); 'false' counts them on the main thread, as PGlite
   * (one connection in this process) always does.
   */
  REPORT_ROUNDS_THREAD: z.enum(['true', 'false']).default('true'),
  /** The provider simulator's base URL (Games API); unset: the games module is idle (no sync). */
  PROVIDER_SIM_URL: z.string().url().optional(),
  /** HMAC-SHA256 secret shared with the simulator (wallet provider `sim`), both directions. */
  PROVIDER_SIM_SECRET: z.string().min(16).optional(),
  /** Our operator code on the provider's Games API (X-Operator-Id). */
  GAMES_OPERATOR_CODE: z.string().min(1).max(40).default('demo'),
  /** How often the game catalogue is synced from the providers' lists. */
  GAMES_SYNC_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
  /** A launch token's life (single use): the protocol's 60 s. */
  GAME_LAUNCH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  /** A wallet session's life for bets (wins and rollbacks of its bets are accepted after it). */
  GAME_SESSION_TTL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(720),
  /** Rounds left open this long are closed by the platform (their bets stand as lost). */
  GAME_ROUND_CLOSE_HOURS: z.coerce.number().min(0.01).max(10_000).default(48),
  /**
   * Wallet lanes (parallel batches, each on one connection at a time) and the bounds of a lane's batch and queue.
   * One lane: its batches are twice the size of two lanes', so each call costs less. At 3,000 calls/s, five
   * alternating pairs of runs: PostgreSQL 111-134 ms of CPU per 1,000 calls against 164-178, the machine 40-49%
   * busy against 51-56%, and p99 no higher in any pair (16.6-30.6 ms against 27.2-38.0). Four to sixteen
   * lanes were slower still than two.
   */
  WALLET_LANES: z.coerce.number().int().min(1).max(64).default(1),
  WALLET_BATCH_MAX: z.coerce.number().int().min(1).max(1_000).default(128),
  WALLET_QUEUE_MAX: z.coerce.number().int().min(1).max(100_000).default(4_096),
  /**
   * A lane's backlog (queued calls) from which a second batch runs beside the first, on its own connection, of
   * the members the first does not hold (games/wallet-lanes.ts); 0: one batch at a time. At 3,000 calls/s on two
   * vCPUs (alternating runs): p99 lower with 128 than 0 in 4 pairs of 4, with 32 than 128 in 3 of 3, and higher
   * with 8 than 32 in 3 of 3 (batches then overlap all the time, smaller: PostgreSQL's CPU a call rises).
   */
  WALLET_OVERLAP_AT: z.coerce.number().int().min(0).max(100_000).default(32),
  /** Tournament rooms (rules.md decision 11): the operator's fee on paid rooms, in basis points. */
  TOURNAMENT_OPERATOR_FEE_BPS: z.coerce.number().int().min(0).max(5000).default(1000),
  /** The prize the operator funds for a free room, in each currency (decimal). */
  TOURNAMENT_FREE_PRIZE: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .default('100.00'),
  TOURNAMENT_MAX_MATCHES: z.coerce.number().int().min(3).max(20).default(10),
  /** How long final ranks stand before prizes are paid: a corrected result in this window re-ranks. */
  TOURNAMENT_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  TOURNAMENT_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /** 'false' stops the own games' clocks (4D draws, crash rounds): tests drive them by hand. */
  OWN_GAMES_TIMERS: z.enum(['true', 'false']).default('true'),
  /** Crash: how long bets are taken before a round flies, and the pause after a bust. */
  CRASH_BETTING_MS: z.coerce.number().int().min(500).max(60_000).default(6000),
  /** Seconds between keno draws, number-game draws and virtual races (shorter in browser tests). */
  KENO_INTERVAL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(300),
  NUMBER_GAME_INTERVAL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(600),
  RACE_INTERVAL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(180),
  /** Set by npm: the folder the command was typed in (CLI paths are relative to it). */
  INIT_CWD: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database:
    | { kind: 'postgres'; url: string; poolSize: number; searchPath?: string }
    | { kind: 'pglite'; dataDir: string };
  redisUrl: string | undefined;
  brand: string;
  /** Unset means: use the secret kept in the database (stable across restarts and processes). */
  secret: string | undefined;
  sessionTtlMs: number;
  launchTokenTtlMs: number;
  loginAttemptsPerMinute: number;
  loginFailuresPerAddressPerMinute: number;
  /** Fastify's trustProxy: false, a hop count, or proxy addresses. */
  trustProxy: boolean | number | string[];
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  tls: boolean;
  csp: { imgOrigins: string[]; connectOrigins: string[] };
  ws: {
    maxTopics: number;
    subsPerSecond: number;
    maxReplayMatches: number;
    maxBufferedBytes: number;
    boRecheckMs: number;
  };
  requestsPerSecond: number;
  bodyLimitBytes: number;
  logLevel: string;
  webDist: string | undefined;
  backofficeDist: string | undefined;
  seedDemo: boolean;
  shutdownGraceMs: number;
  liveAcceptDelayMs: number;
  settlementBatchSize: number;
  settlementIntervalMs: number;
  settlementLeaseMs: number;
  settlementWorker: boolean;
  reportRoundsThread: boolean;
  tournament: {
    operatorFeeBps: number;
    freePrize: string;
    maxMatches: number;
    payoutDelayMs: number;
    intervalMs: number;
  };
  ownGamesTimers: boolean;
  crashBettingMs: number;
  /** The draw and race cadences: each game's events sit on a clock-aligned grid of this step. */
  cadenceMs: { keno: number; numbers: number; race: number };
  /** Where relative paths given on a command line are resolved from. */
  invocationDir: string;
  games: {
    /** The `sim` provider's Games API base URL and secret; no URL: the games module stays idle. */
    simUrl: string | undefined;
    simSecret: string | undefined;
    operatorCode: string;
    syncIntervalMs: number;
    launchTokenTtlMs: number;
    sessionTtlMs: number;
    roundCloseMs: number;
    walletBatching: { lanes: number; maxBatch: number; maxQueued: number; overlapAt: number };
  };
  feed: {
    adapters: ('simulator' | 'replay')[];
    replayFile: string;
    replaySpeed: number;
    replayMaxIdleMs: number;
    simulatorSeed: number;
    tickMs: number;
  };
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          ...(e.DATABASE_SCHEMA ? { searchPath: e.DATABASE_SCHEMA } : {}),
        }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    redisUrl: e.REDIS_URL,
    brand: e.BRAND,
    secret: e.APP_SECRET,
    sessionTtlMs: e.SESSION_TTL_MINUTES * 60_000,
    launchTokenTtlMs: e.LAUNCH_TOKEN_TTL_SECONDS * 1000,
    loginAttemptsPerMinute: e.LOGIN_ATTEMPTS_PER_MINUTE,
    loginFailuresPerAddressPerMinute: e.LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    tls: e.TLS === 'true',
    csp: { imgOrigins: words(e.CSP_IMG_ORIGINS), connectOrigins: words(e.CSP_CONNECT_ORIGINS) },
    ws: {
      maxTopics: e.WS_MAX_TOPICS,
      subsPerSecond: e.WS_SUBS_PER_SECOND,
      maxReplayMatches: e.WS_MAX_REPLAY_MATCHES,
      maxBufferedBytes: e.WS_MAX_BUFFERED_BYTES,
      boRecheckMs: e.WS_BO_RECHECK_MS,
    },
    requestsPerSecond: e.REQUESTS_PER_SECOND,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    backofficeDist: e.BACKOFFICE_DIST,
    seedDemo: e.SEED_DEMO === 'true',
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    liveAcceptDelayMs: e.LIVE_ACCEPT_DELAY_MS,
    settlementBatchSize: e.SETTLEMENT_BATCH_SIZE,
    settlementIntervalMs: e.SETTLEMENT_INTERVAL_MS,
    settlementLeaseMs: e.SETTLEMENT_LEASE_MS,
    ownGamesTimers: e.OWN_GAMES_TIMERS === 'true',
    crashBettingMs: e.CRASH_BETTING_MS,
    cadenceMs: {
      keno: e.KENO_INTERVAL_SECONDS * 1000,
      numbers: e.NUMBER_GAME_INTERVAL_SECONDS * 1000,
      race: e.RACE_INTERVAL_SECONDS * 1000,
    },
    settlementWorker: e.SETTLEMENT_WORKER === 'true',
    reportRoundsThread: e.REPORT_ROUNDS_THREAD === 'true',
    tournament: {
      operatorFeeBps: e.TOURNAMENT_OPERATOR_FEE_BPS,
      freePrize: e.TOURNAMENT_FREE_PRIZE,
      maxMatches: e.TOURNAMENT_MAX_MATCHES,
      payoutDelayMs: e.TOURNAMENT_PAYOUT_DELAY_MS,
      intervalMs: e.TOURNAMENT_INTERVAL_MS,
    },
    invocationDir: e.INIT_CWD ?? process.cwd(),
    games: {
      simUrl: e.PROVIDER_SIM_URL?.replace(/\/+$/, ''),
      simSecret: e.PROVIDER_SIM_SECRET,
      operatorCode: e.GAMES_OPERATOR_CODE,
      syncIntervalMs: e.GAMES_SYNC_INTERVAL_MS,
      launchTokenTtlMs: e.GAME_LAUNCH_TOKEN_TTL_SECONDS * 1000,
      sessionTtlMs: e.GAME_SESSION_TTL_MINUTES * 60_000,
      roundCloseMs: Math.round(e.GAME_ROUND_CLOSE_HOURS * 3_600_000),
      walletBatching: {
        lanes: e.WALLET_LANES,
        maxBatch: e.WALLET_BATCH_MAX,
        maxQueued: e.WALLET_QUEUE_MAX,
        overlapAt: e.WALLET_OVERLAP_AT,
      },
    },
    feed: {
      adapters: e.FEED.split(',')
        .map((name) => name.trim())
        .filter((name): name is 'simulator' | 'replay' => name === 'simulator' || name === 'replay'),
      replayFile: e.REPLAY_FILE,
      replaySpeed: e.REPLAY_SPEED,
      replayMaxIdleMs: e.REPLAY_MAX_IDLE_MINUTES * 60_000,
      simulatorSeed: e.SIMULATOR_SEED,
      tickMs: e.FEED_TICK_MS,
    },
  };
}

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return words(value.replace(/,/g, ' '));
}

function words(value: string): string[] {
  return value.split(/\s+/).filter(Boolean);
}
