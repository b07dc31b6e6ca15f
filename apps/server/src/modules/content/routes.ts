import { CALLS } from '@sb/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { postCall } from '../../http/route';
import type { AccountService } from '../account/service';
import type { UplineService } from '../upline/service';
import type { ContentService } from './service';

/** Member message calls at /api/<name>, and the backoffice calls that publish them. */
export function contentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { content: ContentService; accounts: AccountService; upline: UplineService },
): void {
  const { content, accounts, upline } = deps;
  postCall(app, ctx, CALLS.announcelist, async (body) =>
    content.announcements(await accounts.requireSession(body), body),
  );
  postCall(app, ctx, CALLS.marqueelist, async (body) => content.marquee(await accounts.requireSession(body)));
  postCall(app, ctx, CALLS.personallist, async (body) =>
    content.personal(await accounts.requireSession(body)),
  );
  postCall(app, ctx, CALLS.personalunread, async (body) =>
    content.unread(await accounts.requireSession(body)),
  );

  const caller = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    return upline.requireCaller(header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined);
  };
  postCall(app, ctx, CALLS.bo_announce, async (body, request) =>
    content.announce(await caller(request), body),
  );
  postCall(app, ctx, CALLS.bo_message, async (body, request) =>
    content.message(await upline.downlineAccount(await caller(request), body.account_id), body),
  );
}
