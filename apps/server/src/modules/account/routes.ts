import {
  addSecondaryRequest,
  balanceRequest,
  changePasswordRequest,
  loginRequest,
  saveSettingsRequest,
  sessionRequest,
  tokenLoginRequest,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { postCall } from '../../http/route';
import { AccountService } from './service';

export const APP_VERSION = '0.1.0';

/** Member account calls at /api/<name> (spec section 7). Thin: parse, call the service, answer. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext, accounts: AccountService): void {
  for (const name of ['authlogin', 'userlogin', 'securelogin', 'switchlogin']) {
    postCall(app, ctx, `/api/${name}`, loginRequest, (body, request) => accounts.login(body, request.ip));
  }
  postCall(app, ctx, '/api/launch', tokenLoginRequest, (body) => accounts.launch(body.token));
  postCall(app, ctx, '/api/userprofile', sessionRequest, async (body) => {
    const profile = await accounts.profile(body);
    return profile === 'no_changes' ? { statusdesc: 'no_changes' as const } : profile;
  });
  postCall(app, ctx, '/api/userbalance', balanceRequest, (body) => accounts.balance(body, 'normal'));
  postCall(app, ctx, '/api/vuserbalance', balanceRequest, (body) => accounts.balance(body, 'virtual'));
  postCall(app, ctx, '/api/usersettings', saveSettingsRequest, async (body) => {
    await accounts.saveSettings(body);
    return {};
  });
  postCall(app, ctx, '/api/changepassword', changePasswordRequest, async (body) => {
    await accounts.changePassword(body);
    return {};
  });
  postCall(app, ctx, '/api/addsecondary', addSecondaryRequest, (body) => accounts.addSecondary(body));
  app.post('/api/version', async () => ({
    status: '1',
    statusdesc: 'success',
    version: APP_VERSION,
    brand: ctx.config.brand,
  }));
}
