import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
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

  boCall(
    app,
    ctx,
    CALLS.bo_announce,
    { role: 'operator', staff: 'none', audit: 'content.announce' },
    (caller, body) => content.announce(caller, body),
  );
  boCall(
    app,
    ctx,
    CALLS.bo_message,
    { role: 'upline', staff: 'update_account', audit: 'content.message' },
    async (caller, body) => content.message(await upline.downlineAccount(caller, body.account_id), body),
  );
}
