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
  REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(50),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(65_536),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
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
  requestsPerSecond: number;
  bodyLimitBytes: number;
  logLevel: string;
  webDist: string | undefined;
  seedDemo: boolean;
  shutdownGraceMs: number;
  liveAcceptDelayMs: number;
  settlementBatchSize: number;
  settlementIntervalMs: number;
  settlementLeaseMs: number;
  settlementWorker: boolean;
  /** Where relative paths given on a command line are resolved from. */
  invocationDir: string;
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
    requestsPerSecond: e.REQUESTS_PER_SECOND,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    seedDemo: e.SEED_DEMO === 'true',
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    liveAcceptDelayMs: e.LIVE_ACCEPT_DELAY_MS,
    settlementBatchSize: e.SETTLEMENT_BATCH_SIZE,
    settlementIntervalMs: e.SETTLEMENT_INTERVAL_MS,
    settlementLeaseMs: e.SETTLEMENT_LEASE_MS,
    settlementWorker: e.SETTLEMENT_WORKER === 'true',
    invocationDir: e.INIT_CWD ?? process.cwd(),
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
