import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
import { hostBrand } from '../../http/brand';
import { bearerToken, postCall } from '../../http/route';
import type { UplineService } from './service';

/**
 * Back-office calls for the upline at /bo/<name>: the caller is resolved from the bearer token of /bo/login by
 * the one back-office hook (http/backoffice.ts); the service keeps every change inside the caller's downline.
 */
export function uplineRoutes(app: FastifyInstance, ctx: AppContext, upline: UplineService): void {
  const done = async () => ({});

  postCall(app, ctx, CALLS.bo_login, (body, request) =>
    upline.login(body, request.ip, hostBrand(request)?.id),
  );
  boCall(app, ctx, CALLS.bo_logout, 'upline', async (_caller, _body, request) => {
    await upline.logout(bearerToken(request.headers.authorization));
    return {};
  });
  boCall(app, ctx, CALLS.bo_createaccount, 'upline', async (caller, body) => ({
    account: await upline.createAccount(caller, body),
  }));
  boCall(app, ctx, CALLS.bo_setstate, 'upline', (caller, body) => upline.setState(caller, body).then(done));
  boCall(app, ctx, CALLS.bo_deposit, 'upline', async (caller, body) => ({
    account: await upline.deposit(caller, body),
  }));
  boCall(app, ctx, CALLS.bo_withdraw, 'upline', async (caller, body) => ({
    account: await upline.withdraw(caller, body),
  }));
  boCall(app, ctx, CALLS.bo_setcredit, 'upline', async (caller, body) => ({
    account: await upline.setCredit(caller, body),
  }));
  boCall(app, ctx, CALLS.bo_setbetlimits, 'upline', (caller, body) =>
    upline.setBetLimits(caller, body).then(done),
  );
  boCall(app, ctx, CALLS.bo_setcommission, 'upline', (caller, body) =>
    upline.setCommission(caller, body).then(done),
  );
  boCall(app, ctx, CALLS.bo_setshare, 'upline', (caller, body) => upline.setShare(caller, body).then(done));
  boCall(app, ctx, CALLS.bo_setfeatures, 'upline', (caller, body) =>
    upline.setFeatures(caller, body).then(done),
  );
  boCall(app, ctx, CALLS.bo_resetpassword, 'upline', (caller, body) =>
    upline.resetPassword(caller, body).then(done),
  );
  boCall(app, ctx, CALLS.bo_memberlist, 'upline', (caller, body) => upline.listMembers(caller, body));
  boCall(app, ctx, CALLS.bo_issuetoken, 'upline', (caller, body) => upline.issueLaunchToken(caller, body));
}
