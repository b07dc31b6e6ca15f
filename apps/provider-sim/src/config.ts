import { DEFAULT_RETRY, type RetryPolicy } from './wallet/retry';

/** The simulator's settings, read once from the environment (nothing else reads process.env). */
export interface SimConfig {
  host: string;
  port: number;
  /** The base URL the simulator's pages and thumbnails are served from, as players reach it. */
  publicUrl: string;
  /** The platform's base URL, where /wallet/* lives. */
  walletUrl: string;
  secret: string;
  providerId: string;
  /** Admin routes (/admin/*: faults, ledger, driver) only when SIM_ADMIN=true. */
  admin: boolean;
  walletTimeoutMs: number;
  retry: RetryPolicy;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer`);
  return parsed;
}

export function parseSimConfig(env: NodeJS.ProcessEnv = process.env): SimConfig {
  const port = integer(env.SIM_PORT, 3900, 'SIM_PORT');
  const host = env.SIM_HOST || '127.0.0.1';
  const secret = env.SIM_SECRET ?? '';
  if (secret.length < 16)
    throw new Error('SIM_SECRET must be set (at least 16 characters), shared with the platform');
  return {
    host,
    port,
    publicUrl: (env.SIM_PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    walletUrl: (env.SIM_WALLET_URL || 'http://127.0.0.1:3000').replace(/\/$/, ''),
    secret,
    providerId: 'sim',
    admin: env.SIM_ADMIN === 'true',
    walletTimeoutMs: integer(env.SIM_WALLET_TIMEOUT_MS, 5_000, 'SIM_WALLET_TIMEOUT_MS'),
    retry: DEFAULT_RETRY,
  };
}
