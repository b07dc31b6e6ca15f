import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's table types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('brands')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('default_language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('light'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) =>
      c
        .notNull()
        .check(sql`level in ('operator','shareholder','super_senior','senior','master','agent','member')`),
    )
    .addColumn('parent_id', 'bigint', (c) => c.references('accounts.id'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('active','inactive','closed','blocked','frozen','suspended')`),
    )
    .addColumn('commission_rate', sql`numeric(6,4)`, (c) =>
      c.check(sql`commission_rate >= 0 and commission_rate <= 1`),
    )
    .addColumn('comm_type', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('operator_type', 'smallint', (c) => c.check(sql`operator_type in (1, 2)`))
    .addColumn('currency', 'text')
    .addColumn('member_type', 'text', (c) => c.check(sql`member_type in ('cash','credit')`))
    .addColumn('nickname', 'text')
    .addColumn('given_credit', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`given_credit >= 0`),
    )
    .addColumn('features', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('profile_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'member_has_money_fields',
      sql`level <> 'member' or (currency is not null and member_type is not null)`,
    )
    .execute();
  // Login ids and nicknames share one case-insensitive namespace: a nickname is a second login id.
  await sql`create unique index accounts_login_id on accounts (lower(account_id))`.execute(db);
  await sql`create unique index accounts_nickname on accounts (lower(nickname)) where nickname is not null`.execute(
    db,
  );
  await sql`create index accounts_path on accounts (path text_pattern_ops)`.execute(db);
  await sql`create index accounts_parent on accounts (parent_id)`.execute(db);

  await db.schema
    .createTable('bet_limits')
    .addColumn('account_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('limit_id', 'text', (c) => c.notNull())
    .addColumn('min_bet', 'bigint', (c) => c.notNull().check(sql`min_bet >= 0`))
    .addColumn('max_bet', 'bigint', (c) => c.notNull())
    .addColumn('max_payout', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bet_limits_pk', ['account_pk', 'limit_id'])
    .addCheckConstraint('bet_limits_order', sql`max_bet >= min_bet and max_payout >= max_bet`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('account_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('member','backoffice')`))
    .addColumn('profile_version_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('sessions_account').on('sessions').column('account_pk').execute();

  await db.schema
    .createTable('used_launch_tokens')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_pk', 'bigint', (c) => c.references('accounts.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_negative', 'boolean', (c) => c.notNull())
    .addColumn('rollup', 'boolean', (c) => c.notNull().defaultTo(false))
    // The last line of defence: whatever the code does, a guarded account cannot go negative.
    .addCheckConstraint('ledger_balance_guard', sql`allow_negative or balance >= 0`)
    .execute();
  await sql`create unique index ledger_accounts_owner on ledger_accounts (coalesce(owner_pk, 0), kind, currency)`.execute(
    db,
  );

  await db.schema
    .createTable('transfers')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transfer_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('ref', 'text')
    .addColumn('owner_pk', 'bigint', (c) => c.references('accounts.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('transfers_owner')
    .on('transfers')
    .columns(['owner_pk', 'created_at'])
    .execute();

  await db.schema
    .createTable('entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transfer_pk', 'bigint', (c) => c.notNull().references('transfers.id'))
    .addColumn('ledger_account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .execute();
  await db.schema.createIndex('entries_account').on('entries').column('ledger_account_id').execute();
  await db.schema.createIndex('entries_transfer').on('entries').column('transfer_pk').execute();

  await db.schema
    .createTable('reservations')
    .addColumn('transfer_pk', 'bigint', (c) => c.primaryKey().references('transfers.id'))
    .addColumn('owner_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('open','posted','voided')`))
    .addColumn('closed_by', 'text')
    .execute();

  // Entries are append-only: corrections are new transfers, never edits.
  await sql`
    create function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger entries and transfers are append-only';
    end $$`.execute(db);
  await sql`create trigger entries_append_only before update or delete on entries
    for each row execute function ledger_append_only()`.execute(db);
  await sql`create trigger transfers_append_only before update or delete on transfers
    for each row execute function ledger_append_only()`.execute(db);

  await db.schema
    .createTable('system_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'system_settings',
    'reservations',
    'entries',
    'transfers',
    'ledger_accounts',
    'used_launch_tokens',
    'sessions',
    'bet_limits',
    'accounts',
    'brands',
  ]) {
    await db.schema.dropTable(table).ifExists().cascade().execute();
  }
  await sql`drop function if exists ledger_append_only()`.execute(db);
}
