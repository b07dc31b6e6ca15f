import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
import { postCall } from '../../http/route';
import type { UplineService } from '../upline/service';
import type { AccountService } from '../account/service';
import type { LotteryService } from '../lottery/service';
import type { MinigameService } from '../minigame/service';
import { UplineReports } from './reports';
import { StatementService } from './service';

/**
 * Statements and reports: the member's own at /api/<name> (account_id + session_token), the upline's at
 * /bo/<name> (bearer token from /bo/login, limited to the caller's downline).
 */
export function statementRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  services: {
    accounts: AccountService;
    upline: UplineService;
    lottery: LotteryService;
    minigame: MinigameService;
  },
): void {
  const { upline } = services;
  const statement = new StatementService(ctx, services.accounts, services);
  const reports = new UplineReports(ctx, upline);
  postCall(app, ctx, CALLS.dailystatement, (body) => statement.dailyStatement(body));
  postCall(app, ctx, CALLS.settlementhistory, (body) => statement.settlementHistory(body));
  postCall(app, ctx, CALLS.cancelledbetlist, (body) => statement.cancelledBets(body));
  postCall(app, ctx, CALLS.platformwinlose, (body) => statement.platformWinLose(body));
  postCall(app, ctx, CALLS.sportsbook, (body) => statement.sportsbook(body));
  postCall(app, ctx, CALLS.betsysparlay, (body) => statement.systemParlays(body));
  postCall(app, ctx, CALLS.adjustment, (body) => statement.adjustments(body));
  postCall(app, ctx, CALLS.lottery, (body) => statement.lottery(body));
  postCall(app, ctx, CALLS.cancelledbetlistlottery, (body) => statement.cancelledLottery(body));
  postCall(app, ctx, CALLS.betsysparlaymatch, (body) => statement.systemParlayMatches(body));
  postCall(app, ctx, CALLS.betsysparlaybet, (body) => statement.systemParlayBets(body));
  postCall(app, ctx, CALLS.parlaybetdetails, (body) => statement.parlayDetails(body));

  boCall(app, ctx, CALLS.bo_winloss, { role: 'upline', staff: 'reports' }, (caller, body) =>
    reports.winLoss(caller, body),
  );
  boCall(app, ctx, CALLS.bo_outstanding, { role: 'upline', staff: 'reports' }, (caller, body) =>
    reports.outstanding(caller, body),
  );
  boCall(app, ctx, CALLS.bo_liability, { role: 'upline', staff: 'total_bets' }, (caller, body) =>
    reports.liability(caller, body),
  );
  boCall(app, ctx, CALLS.bo_tickets, { role: 'upline', staff: 'reports' }, (caller, body) =>
    reports.tickets(caller, body),
  );
  boCall(app, ctx, CALLS.bo_cancelled, { role: 'upline', staff: 'reports' }, (caller, body) =>
    reports.cancelled(caller, body),
  );
  boCall(app, ctx, CALLS.bo_rounds, { role: 'upline', staff: 'reports' }, (caller, body) =>
    reports.rounds(caller, body),
  );
}
