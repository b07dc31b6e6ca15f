import { sql, type Kysely } from 'kysely';

/**
 * Back-office access (issue 18, rules.md decision 14): staff sub-accounts with permission flags, each principal's
 * second factor (TOTP seed sealed at rest, last used step, failed sign-ins, lock), recovery codes and trusted
 * devices (hashes only), sessions that know their staff login and whether they are enrolment-only, and the
 * append-only audit log chained by SHA-256 that the database itself refuses to change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table bo_staff (
    id bigserial primary key,
    login_id text not null,
    owner_pk bigint not null references accounts (id),
    password_hash text not null,
    permissions text not null default '[]',
    state text not null default 'active',
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index bo_staff_login on bo_staff (lower(login_id))`.execute(db);
  await sql`create index bo_staff_owner on bo_staff (owner_pk)`.execute(db);

  // principal: 'a:<account pk>' for an upline account, 's:<staff id>' for a sub-account.
  await sql`create table bo_security (
    principal text primary key,
    totp_secret text,
    totp_pending text,
    totp_last_step bigint not null default 0,
    failed_logins integer not null default 0,
    locked_at timestamptz
  )`.execute(db);
  await sql`create table bo_recovery_codes (
    principal text not null,
    code_hash text not null,
    used_at timestamptz,
    primary key (principal, code_hash)
  )`.execute(db);
  await sql`create table bo_devices (
    id bigserial primary key,
    principal text not null,
    token_hash text not null unique,
    label text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`.execute(db);
  await sql`create index bo_devices_principal on bo_devices (principal)`.execute(db);

  await sql`alter table sessions add column staff_pk bigint references bo_staff (id)`.execute(db);
  await sql`alter table sessions add column enrolment_only boolean not null default false`.execute(db);

  await sql`create table audit_log (
    seq bigserial primary key,
    at timestamptz not null,
    actor text not null,
    actor_pk bigint,
    staff_pk bigint,
    address text not null,
    action text not null,
    target text not null,
    scope_path text not null,
    before text not null,
    after text not null,
    prev_hash text not null,
    hash text not null unique
  )`.execute(db);
  await sql`create index audit_log_scope on audit_log (scope_path text_pattern_ops, seq)`.execute(db);
  await sql`create index audit_log_target on audit_log (lower(target), seq)`.execute(db);
  await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists audit_log`.execute(db);
  await sql`drop function if exists audit_log_append_only()`.execute(db);
  await sql`alter table sessions drop column if exists enrolment_only`.execute(db);
  await sql`alter table sessions drop column if exists staff_pk`.execute(db);
  await sql`drop table if exists bo_devices`.execute(db);
  await sql`drop table if exists bo_recovery_codes`.execute(db);
  await sql`drop table if exists bo_security`.execute(db);
  await sql`drop table if exists bo_staff`.execute(db);
}
