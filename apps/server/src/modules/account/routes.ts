import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { hostBrand } from '../../http/brand';
import { postCall } from '../../http/route';
import { AccountService } from './service';

export const APP_VERSION = '0.1.0';

/** Member account calls at /api/<name> (spec section 7). Thin: parse, call the service, answer. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext, accounts: AccountService): void {
  for (const name of ['authlogin', 'userlogin', 'securelogin', 'switchlogin'] as const) {
    postCall(app, ctx, CALLS[name], (body, request) =>
      accounts.login(body, request.ip, hostBrand(request)?.id),
    );
  }
  postCall(app, ctx, CALLS.launch, (body, request) => accounts.launch(body.token, hostBrand(request)?.id));
  postCall(app, ctx, CALLS.userprofile, async (body) => {
    const profile = await accounts.profile(body);
    return profile === 'no_changes' ? { statusdesc: 'no_changes' as const } : profile;
  });
  postCall(app, ctx, CALLS.userbalance, (body) => accounts.balance(body, 'normal'));
  postCall(app, ctx, CALLS.vuserbalance, (body) => accounts.balance(body, 'virtual'));
  postCall(app, ctx, CALLS.usersettings, async (body) => {
    await accounts.saveSettings(body);
    return {};
  });
  postCall(app, ctx, CALLS.changepassword, async (body) => {
    await accounts.changePassword(body);
    return {};
  });
  postCall(app, ctx, CALLS.logout, async (body) => {
    await accounts.logout(body);
    return {};
  });
  postCall(app, ctx, CALLS.addsecondary, (body) => accounts.addSecondary(body));
  postCall(app, ctx, CALLS.version, async () => ({ version: APP_VERSION, brand: ctx.config.brand }));
}
