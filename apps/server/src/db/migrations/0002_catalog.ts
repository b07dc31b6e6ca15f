import { sql, type Kysely } from 'kysely';

/**
 * The sportsbook catalogue: sports, leagues, matches (with child matches), markets, selections, results,
 * and an event log per match (sequence numbers for push resume). Prices are exact decimal odds (NUMERIC).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sports')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('menu_excluded', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sport_group', 'text', (c) => c.notNull().defaultTo('standard'))
    .addColumn('model', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('leagues')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('sport_id', 'integer', (c) => c.notNull().references('sports.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('external_key', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('matches')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('external_key', 'text', (c) => c.notNull().unique())
    .addColumn('sport_id', 'integer', (c) => c.notNull().references('sports.id'))
    .addColumn('league_id', 'bigint', (c) => c.notNull().references('leagues.id'))
    .addColumn('parent_id', 'bigint', (c) => c.references('matches.id'))
    .addColumn('child_type', 'text')
    .addColumn('is_outright', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('home', 'text', (c) => c.notNull())
    .addColumn('away', 'text', (c) => c.notNull())
    .addColumn('kickoff', 'timestamptz', (c) => c.notNull())
    .addColumn('neutral', 'boolean', (c) => c.notNull().defaultTo(false))
    // Spec match states: 0 live or result pending, 1 completed, 2 cancelled, 5 suspended, 500 none (pre-match).
    .addColumn('state', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(500)
        .check(sql`state in (0, 1, 2, 5, 500)`),
    )
    // cancelled, cancelled_1h, cancelled_2h, abandoned, abandoned_1h, abandoned_2h
    .addColumn('state_detail', 'text')
    .addColumn('is_live', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('period', 'text', (c) => c.notNull().defaultTo('pre'))
    .addColumn('minute', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('home_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('away_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('home_red', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('away_red', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('matches_open').on('matches').columns(['state', 'kickoff']).execute();
  await db.schema.createIndex('matches_league').on('matches').column('league_id').execute();
  await db.schema.createIndex('matches_parent').on('matches').column('parent_id').execute();

  await db.schema
    .createTable('markets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('match_id', 'bigint', (c) => c.notNull().references('matches.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('ft', '1h', '2h')`))
    // Lines as exact text ('-0.25', '2.5'); '' where the market has none.
    .addColumn('line', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'suspended', 'closed')`))
    .addColumn('is_main', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('markets_identity', ['match_id', 'kind', 'period', 'line'])
    .execute();

  await db.schema
    .createTable('selections')
    .addColumn('market_id', 'bigint', (c) => c.notNull().references('markets.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('price', sql`numeric(9,3)`, (c) => c.notNull().check(sql`price > 1`))
    .addPrimaryKeyConstraint('selections_pk', ['market_id', 'key'])
    .execute();

  await db.schema
    .createTable('results')
    .addColumn('match_id', 'bigint', (c) => c.primaryKey().references('matches.id'))
    .addColumn('ht_home', 'integer')
    .addColumn('ht_away', 'integer')
    .addColumn('ft_home', 'integer')
    .addColumn('ft_away', 'integer')
    // Goals in order with the scoring side: first/last goal markets need them.
    .addColumn('goals', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('winners', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('match_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('match_id', 'bigint', (c) => c.notNull().references('matches.id'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('match_events_seq', ['match_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['match_events', 'results', 'selections', 'markets', 'matches', 'leagues', 'sports']) {
    await db.schema.dropTable(table).ifExists().cascade().execute();
  }
}
