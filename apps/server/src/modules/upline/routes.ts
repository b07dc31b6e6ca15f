import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
import { AppError } from '../../lib/app-error';
import { hostBrand } from '../../http/brand';
import type { UplineService } from './service';

/**
 * Back-office calls for the upline at /bo/<name>: the caller is resolved from the bearer token of /bo/login by
 * the one back-office hook (http/backoffice.ts); the service keeps every change inside the caller's downline.
 */
export function uplineRoutes(app: FastifyInstance, ctx: AppContext, upline: UplineService): void {
  const done = async () => ({});

  const update = { role: 'upline', staff: 'update_account' } as const;
  const transfer = { role: 'upline', staff: 'transfer' } as const;
  boCall(
    app,
    ctx,
    CALLS.bo_createaccount,
    { role: 'upline', staff: 'create_account' },
    async (caller, body, request) => {
      // A member plays in one of its brand's currencies (the caller's session is of this host's brand).
      const currencies = hostBrand(request)?.settings.currencies;
      if (body.currency !== undefined && currencies !== undefined && !currencies.includes(body.currency)) {
        throw new AppError('currencyNotSupported', { field: 'currency' });
      }
      return { account: await upline.createAccount(caller, body) };
    },
  );
  boCall(app, ctx, CALLS.bo_setstate, update, (caller, body) => upline.setState(caller, body).then(done));
  boCall(app, ctx, CALLS.bo_deposit, transfer, async (caller, body) => ({
    account: await upline.deposit(caller, body),
  }));
  boCall(app, ctx, CALLS.bo_withdraw, transfer, async (caller, body) => ({
    account: await upline.withdraw(caller, body),
  }));
  boCall(app, ctx, CALLS.bo_setcredit, transfer, async (caller, body) => ({
    account: await upline.setCredit(caller, body),
  }));
  boCall(app, ctx, CALLS.bo_setbetlimits, update, (caller, body) =>
    upline.setBetLimits(caller, body).then(done),
  );
  boCall(app, ctx, CALLS.bo_betlimits, { role: 'upline', staff: 'any' }, (caller, body) =>
    upline.betLimits(caller, body),
  );
  boCall(app, ctx, CALLS.bo_setcommission, update, (caller, body) =>
    upline.setCommission(caller, body).then(done),
  );
  boCall(app, ctx, CALLS.bo_setshare, update, (caller, body) => upline.setShare(caller, body).then(done));
  boCall(app, ctx, CALLS.bo_products, { role: 'upline', staff: 'any' }, (caller, body) =>
    upline.products(caller, body),
  );
  boCall(app, ctx, CALLS.bo_setproducts, update, (caller, body) =>
    upline.setProducts(caller, body).then(done),
  );
  boCall(app, ctx, CALLS.bo_presetlist, { role: 'upline', staff: 'any' }, (caller) =>
    upline.presetList(caller),
  );
  boCall(app, ctx, CALLS.bo_presetsave, update, (caller, body) => upline.presetSave(caller, body).then(done));
  boCall(app, ctx, CALLS.bo_presetdelete, update, (caller, body) =>
    upline.presetDelete(caller, body).then(done),
  );
  boCall(app, ctx, CALLS.bo_presetapply, update, (caller, body) =>
    upline.presetApply(caller, body).then(done),
  );
  boCall(app, ctx, CALLS.bo_setfeatures, update, (caller, body) =>
    upline.setFeatures(caller, body).then(done),
  );
  boCall(app, ctx, CALLS.bo_resetpassword, update, (caller, body) =>
    upline.resetPassword(caller, body).then(done),
  );
  boCall(app, ctx, CALLS.bo_memberlist, { role: 'upline', staff: 'any' }, (caller, body) =>
    upline.listMembers(caller, body),
  );
  boCall(app, ctx, CALLS.bo_unlock, update, (caller, body) => upline.unlock(caller, body).then(done));
  boCall(app, ctx, CALLS.bo_reset2fa, update, (caller, body) =>
    upline.resetSecondFactor(caller, body).then(done),
  );
  boCall(app, ctx, CALLS.bo_issuetoken, update, (caller, body) => upline.issueLaunchToken(caller, body));
}
