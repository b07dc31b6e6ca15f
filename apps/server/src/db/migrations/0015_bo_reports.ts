import { sql, type Kysely } from 'kysely';

/**
 * The back office's reports. Win/loss is read from a daily pre-aggregate instead of the bets, so a three-month
 * range over millions of bets costs a few thousand rows:
 * - report_days: per betting day (the statements' GMT+8 day number, 12:00 rollover), member and currency, the
 *   standing settled bets' count, turnover (risk), valid turnover, the member's win/loss and rebate;
 * - report_day_shares: the same key and the upline account, that account's part (bet_shares of each bet's
 *   standing settlement).
 * Settlement keeps both in step in its own transactions (statement service `reportRecords`); here they are
 * filled from what is already settled. Indexes for the ticket search's filters on bets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table report_days (
    day integer not null,
    member_pk bigint not null,
    currency text not null,
    bets integer not null,
    turnover bigint not null,
    valid_turnover bigint not null,
    win_loss bigint not null,
    commission bigint not null,
    primary key (day, member_pk, currency)
  )`.execute(db);
  await sql`create table report_day_shares (
    day integer not null,
    member_pk bigint not null,
    currency text not null,
    account_pk bigint not null,
    win_loss bigint not null,
    commission bigint not null,
    primary key (day, member_pk, currency, account_pk)
  )`.execute(db);
  // The day of an instant exactly as the statements bucket it: (epoch ms + 8 h - 12 h) / 1 day.
  const day = sql`floor((extract(epoch from b.settled_at) * 1000 + ${-4 * 3_600_000}) / ${86_400_000})::integer`;
  await sql`insert into report_days (day, member_pk, currency, bets, turnover, valid_turnover, win_loss, commission)
    select ${day}, b.account_pk, b.currency, count(*), sum(b.risk), coalesce(sum(b.valid_turnover), 0),
      coalesce(sum(b.win_loss), 0), coalesce(sum(b.commission), 0)
    from bets b
    where b.settled_at is not null and b.cancelled_at is null
    group by 1, 2, 3`.execute(db);
  await sql`insert into report_day_shares (day, member_pk, currency, account_pk, win_loss, commission)
    select ${day}, b.account_pk, b.currency, s.account_pk, sum(s.win_loss), sum(s.commission)
    from bets b
    join bet_shares s on s.bet_id = b.id and s.settle_gen = b.settle_gen
    where b.settled_at is not null and b.cancelled_at is null
    group by 1, 2, 3, 4`.execute(db);
  // Ticket search: a downline's bets by placement time, a ref_no's bet, a match's bets (bet_legs_match_bet).
  await sql`create index bets_account_created on bets (account_pk, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bets_account_created`.execute(db);
  await sql`drop table if exists report_day_shares`.execute(db);
  await sql`drop table if exists report_days`.execute(db);
}
