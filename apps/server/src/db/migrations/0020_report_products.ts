import { sql, type Kysely } from 'kysely';

/** The upline levels, top to bottom (contract UPLINE_LEVELS as of this migration): one pair of columns each. */
const LEVELS = ['operator', 'shareholder', 'super_senior', 'senior', 'master', 'agent'];

/**
 * Win/loss per product (issue 18 item 5, rules.md decisions 12-14). report_days gains a product dimension
 * (sportsbook, casino, games; the sportsbook's rows stay as they are) in its key. Game rounds are counted into it
 * by a background job (statement service `gameReports`): provider game rounds (casino) once closed, mini-game
 * rounds and 4D tickets (games) once settled. Each counted round leaves one report_rounds row with its figures
 * and each level's part as the member's chain had its shares then, so a later change of shares never alters
 * them and a rebuild re-adds the same figures. The rounds' marker column `reported_at` says a round was counted;
 * partial indexes give the job the finished rounds not yet counted without scanning the counted ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report_days add column product text not null default 'sportsbook'
    check (product in ('sportsbook', 'casino', 'games'))`.execute(db);
  await sql`alter table report_days drop constraint report_days_pkey`.execute(db);
  await sql`alter table report_days add primary key (day, member_pk, currency, product)`.execute(db);

  const levelColumns = LEVELS.flatMap((level) => [
    sql.raw(`wl_${level} bigint not null default 0`),
    sql.raw(`comm_${level} bigint not null default 0`),
  ]);
  await sql`create table report_rounds (
    source text not null check (source in ('provider', 'minigame', 'lottery')),
    round_pk bigint not null,
    product text not null check (product in ('casino', 'games')),
    day integer not null,
    member_pk bigint not null references accounts (id),
    currency text not null,
    turnover bigint not null,
    valid_turnover bigint not null,
    win_loss bigint not null,
    commission bigint not null,
    ${sql.join(levelColumns)},
    counted_at timestamptz not null default now(),
    primary key (source, round_pk)
  )`.execute(db);

  await sql`alter table game_rounds add column reported_at timestamptz`.execute(db);
  await sql`create index game_rounds_unreported on game_rounds (id)
    where status = 'closed' and reported_at is null`.execute(db);
  await sql`alter table minigame_rounds add column reported_at timestamptz`.execute(db);
  await sql`create index minigame_rounds_unreported on minigame_rounds (id)
    where status in ('won', 'lost') and reported_at is null`.execute(db);
  await sql`alter table lottery_tickets add column reported_at timestamptz`.execute(db);
  await sql`create index lottery_tickets_unreported on lottery_tickets (id)
    where status in ('won', 'lost') and reported_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists lottery_tickets_unreported`.execute(db);
  await sql`alter table lottery_tickets drop column if exists reported_at`.execute(db);
  await sql`drop index if exists minigame_rounds_unreported`.execute(db);
  await sql`alter table minigame_rounds drop column if exists reported_at`.execute(db);
  await sql`drop index if exists game_rounds_unreported`.execute(db);
  await sql`alter table game_rounds drop column if exists reported_at`.execute(db);
  await sql`drop table if exists report_rounds`.execute(db);
  await sql`delete from report_days where product <> 'sportsbook'`.execute(db);
  await sql`alter table report_days drop constraint report_days_pkey`.execute(db);
  await sql`alter table report_days add primary key (day, member_pk, currency)`.execute(db);
  await sql`alter table report_days drop column product`.execute(db);
}
