import type { BetView } from '@sb/contract';
import { DAY_MS, gmt8DateStart, gmt8DayNumber, gmt8DayStart } from '@sb/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { AccountService } from '../account/service';
import { betRepository as repo } from './repository';
import { memberBetView } from './views';

/** The member's own bets: the lists by status or day, a parlay's details, and the replies of stored bets. */
export class MemberBets {
  constructor(
    private readonly ctx: AppContext,
    private readonly accounts: AccountService,
  ) {}

  /** The member's own bets by list name. */
  async list(
    input: {
      account_id: string;
      session_token: string;
      date?: string | undefined;
      page: number;
      page_size: number;
    },
    statuses: string[] | null,
    byDay: boolean,
  ): Promise<{ bets: BetView[]; page: number }> {
    const session = await this.accounts.requireSession(input);
    let from: Date | undefined;
    let to: Date | undefined;
    if (byDay) {
      // A GMT+8 calendar day: the one asked for, or today's.
      const day = input.date
        ? gmt8DateStart(input.date)
        : gmt8DayStart(gmt8DayNumber(this.ctx.now().getTime()));
      if (day === null) throw new AppError('invalid_request', { field: 'date' });
      from = new Date(day);
      to = new Date(day + DAY_MS);
    }
    const bets = await this.views(String(session.account.id), {
      statuses,
      ...(from && to ? { from, to } : {}),
      limit: input.page_size,
      offset: (input.page - 1) * input.page_size,
    });
    return { bets, page: input.page };
  }

  /** One parlay of the member's in a given state, with its legs. */
  async parlayDetails(
    input: { account_id: string; session_token: string; bet_id: number },
    statuses: string[],
  ) {
    const session = await this.accounts.requireSession(input);
    const [bet] = await this.views(String(session.account.id), { ids: [String(input.bet_id)], statuses });
    if (!bet) throw new AppError('betNotExists', { field: 'bet_id' });
    return { bet };
  }

  /** Stored bets of one member as the member sees them. */
  async views(
    accountPk: string,
    query: {
      ids?: string[];
      statuses?: string[] | null;
      from?: Date;
      to?: Date;
      limit?: number;
      offset?: number;
    },
  ): Promise<BetView[]> {
    const ids = query.ids;
    const bets = await repo.list(this.ctx.db, {
      accountPk,
      statuses: query.statuses ?? null,
      ...(ids ? { ids } : {}),
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
    });
    const legs = await repo.legsOf(
      this.ctx.db,
      bets.map((bet) => bet.id),
    );
    return bets.map((bet) =>
      memberBetView(
        bet,
        legs
          .filter((leg) => String(leg.bet_id) === String(bet.id))
          .map((leg) => ({ ...leg, league: leg.league_name })),
      ),
    );
  }
}
