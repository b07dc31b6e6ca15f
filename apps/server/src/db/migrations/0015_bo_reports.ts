import { sql, type Kysely } from 'kysely';

/** The upline levels, top to bottom (contract UPLINE_LEVELS as of this migration): one pair of columns each. */
const LEVELS = ['operator', 'shareholder', 'super_senior', 'senior', 'master', 'agent'];

/**
 * The back office's reports. Win/loss is read from a daily pre-aggregate instead of the bets, so a three-month
 * range over millions of bets costs a member's ninety rows: report_days holds per betting day (the statements'
 * GMT+8 day number, 12:00 rollover), member and currency, the standing settled bets' count, turnover (risk),
 * valid turnover, the member's win/loss and rebate, and each upline level's part (bet_shares of each bet's
 * standing settlement: a member's chain has one account per level, so the level names the account).
 * Settlement keeps it in step in its own transactions (statement service `reportRecords`); here it is filled
 * from what is already settled. An index for the ticket search's date filter on bets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const levelColumns = LEVELS.flatMap((level) => [
    sql.raw(`wl_${level} bigint not null default 0`),
    sql.raw(`comm_${level} bigint not null default 0`),
  ]);
  await sql`create table report_days (
    day integer not null,
    member_pk bigint not null,
    currency text not null,
    bets integer not null,
    turnover bigint not null,
    valid_turnover bigint not null,
    win_loss bigint not null,
    commission bigint not null,
    ${sql.join(levelColumns)},
    primary key (day, member_pk, currency)
  )`.execute(db);
  const names = LEVELS.flatMap((level) => [sql.raw(`wl_${level}`), sql.raw(`comm_${level}`)]);
  const perBet = LEVELS.flatMap((level) => [
    sql.raw(`sum(s.win_loss) filter (where s.level = '${level}') as wl_${level}`),
    sql.raw(`sum(s.commission) filter (where s.level = '${level}') as comm_${level}`),
  ]);
  const sums = LEVELS.flatMap((level) => [
    sql.raw(`coalesce(sum(p.wl_${level}), 0)`),
    sql.raw(`coalesce(sum(p.comm_${level}), 0)`),
  ]);
  // The day of an instant exactly as the statements bucket it: (epoch ms + 8 h - 12 h) / 1 day.
  await sql`
    with settled as (
      select b.id, b.account_pk, b.currency, b.risk, b.valid_turnover, b.win_loss, b.commission, b.settle_gen,
        floor((extract(epoch from b.settled_at) * 1000 + ${-4 * 3_600_000}) / ${86_400_000})::integer as day
      from bets b
      where b.settled_at is not null and b.cancelled_at is null
    ),
    p as (
      select s.bet_id, ${sql.join(perBet)}
      from bet_shares s
      join settled x on x.id = s.bet_id and x.settle_gen = s.settle_gen
      group by s.bet_id
    )
    insert into report_days (day, member_pk, currency, bets, turnover, valid_turnover, win_loss, commission,
      ${sql.join(names)})
    select x.day, x.account_pk, x.currency, count(*), sum(x.risk), coalesce(sum(x.valid_turnover), 0),
      coalesce(sum(x.win_loss), 0), coalesce(sum(x.commission), 0), ${sql.join(sums)}
    from settled x
    left join p on p.bet_id = x.id
    group by 1, 2, 3`.execute(db);
  // Ticket search: a downline's bets by placement time.
  await sql`create index bets_account_created on bets (account_pk, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bets_account_created`.execute(db);
  await sql`drop table if exists report_days`.execute(db);
}
