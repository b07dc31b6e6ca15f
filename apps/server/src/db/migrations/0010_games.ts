import { sql, type Kysely } from 'kysely';

/**
 * Provider games: the catalogue (wallet providers, studios, games, per-brand blocks), launch and wallet
 * tokens, and the seamless wallet's books (requests answered, transactions by the provider's id, rounds).
 * Money is BIGINT minor units (the ledger's); the wallet protocol's x100000 integers are converted at the edge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per aggregator whose wallet calls we accept; the secret signs both directions (HMAC-SHA256).
  await sql`create table wallet_providers (
    code text primary key,
    name text not null,
    secret text not null,
    enabled boolean not null default true,
    created_at timestamptz not null default now()
  )`.execute(db);
  // Studios are the lobby's "providers" (tabs); each comes through one wallet provider (aggregator).
  await sql`create table game_studios (
    code text primary key,
    name text not null,
    wallet_provider text not null references wallet_providers (code),
    enabled boolean not null default true,
    created_at timestamptz not null default now()
  )`.execute(db);
  // A game is never deleted once it has history: a sync marks vanished games unlisted instead.
  await sql`create table games (
    id bigserial primary key,
    game_code text not null unique,
    wallet_provider text not null references wallet_providers (code),
    studio text not null references game_studios (code),
    name text not null,
    product text not null check (product in ('live_casino','slots','fishing','others','poker')),
    category text not null,
    thumbnail_url text not null,
    hot boolean not null default false,
    is_new boolean not null default false,
    platforms jsonb not null default '["desktop","mobile"]'::jsonb,
    rtp text,
    provider_enabled boolean not null default true,
    listed boolean not null default true,
    maintenance boolean not null default false,
    sort integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index games_product on games (product, studio)`.execute(db);
  // Per-brand availability: a row hides the game from that brand's lobbies and refuses its launch.
  await sql`create table game_brand_blocks (
    game_pk bigint not null references games (id),
    brand_id integer not null references brands (id),
    primary key (game_pk, brand_id)
  )`.execute(db);
  // Single-use launch tokens (valid a minute), swapped for a wallet session by /wallet/check.
  await sql`create table game_launch_tokens (
    token text primary key,
    account_pk bigint not null references accounts (id),
    game_pk bigint not null references games (id),
    currency text not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);
  // Wallet sessions: bound to member, game and currency. A newer session of the member ends the older ones
  // (expires_at moved to then); expiry refuses bets only, wins and rollbacks of its bets still go through.
  await sql`create table game_sessions (
    token text primary key,
    account_pk bigint not null references accounts (id),
    game_pk bigint not null references games (id),
    wallet_provider text not null,
    currency text not null,
    created_at timestamptz not null,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index game_sessions_member on game_sessions (account_pk, wallet_provider)`.execute(db);
  // Every answered request, so a repeated request_uuid gets the same answer (status; /wallet/check: its token).
  await sql`create table game_requests (
    wallet_provider text not null,
    request_uuid text not null,
    status text not null,
    token text,
    created_at timestamptz not null default now(),
    primary key (wallet_provider, request_uuid)
  )`.execute(db);
  await sql`create table game_rounds (
    id bigserial primary key,
    wallet_provider text not null,
    round text not null,
    account_pk bigint not null references accounts (id),
    game_pk bigint not null references games (id),
    currency text not null,
    stake bigint not null default 0 check (stake >= 0),
    win bigint not null default 0 check (win >= 0),
    bets integer not null default 0,
    status text not null default 'open' check (status in ('open','closed')),
    opened_at timestamptz not null default now(),
    closed_at timestamptz,
    unique (wallet_provider, round, account_pk)
  )`.execute(db);
  await sql`create index game_rounds_member on game_rounds (account_pk, opened_at)`.execute(db);
  await sql`create index game_rounds_open on game_rounds (opened_at) where status = 'open'`.execute(db);
  // The wallet's dedupe records, one per provider transaction id. A rollback of an unknown bet also writes
  // a 'tombstone' under the bet's id, so the bet is refused if it arrives later.
  await sql`create table game_transactions (
    id bigserial primary key,
    wallet_provider text not null,
    transaction_uuid text not null,
    kind text not null check (kind in ('bet','win','rollback','tombstone')),
    account_pk bigint not null references accounts (id),
    game_pk bigint not null references games (id),
    round_pk bigint references game_rounds (id),
    round text not null,
    reference_uuid text,
    amount bigint not null check (amount >= 0),
    state text not null default 'done' check (state in ('open','done','won','rolled_back')),
    status text not null,
    created_at timestamptz not null default now(),
    unique (wallet_provider, transaction_uuid)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'game_transactions',
    'game_rounds',
    'game_requests',
    'game_sessions',
    'game_launch_tokens',
    'game_brand_blocks',
    'games',
    'game_studios',
    'wallet_providers',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
