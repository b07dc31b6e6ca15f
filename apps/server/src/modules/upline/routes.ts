import {
  CALLS,
  boCreateAccountRequest,
  boIssueTokenRequest,
  boMemberListRequest,
  boMoneyRequest,
  boResetPasswordRequest,
  boSetBetLimitsRequest,
  boSetCommissionRequest,
  boSetShareRequest,
  boSetCreditRequest,
  boSetFeaturesRequest,
  boSetStateRequest,
} from '@sb/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { AccountRow } from '../../db/schema';
import { postCall, type Success } from '../../http/route';
import type { UplineService } from './service';

/** Backoffice calls for the upline at /bo/<name>, authorised by a bearer token from /bo/login. */
export function uplineRoutes(app: FastifyInstance, ctx: AppContext, upline: UplineService): void {
  const bearer = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
  };
  const boCall = <S extends z.ZodType, R extends object>(
    name: string,
    schema: S,
    handler: (caller: AccountRow, body: z.output<S>) => Promise<Success<R>>,
  ) =>
    postCall(app, ctx, `/bo/${name}`, schema, async (body, request) =>
      handler(await upline.requireCaller(bearer(request)), body),
    );
  const done = async () => ({});

  postCall(app, ctx, CALLS.bo_login, (body, request) => upline.login(body, request.ip));
  boCall('createaccount', boCreateAccountRequest, async (caller, body) => ({
    account: await upline.createAccount(caller, body),
  }));
  boCall('setstate', boSetStateRequest, (caller, body) => upline.setState(caller, body).then(done));
  boCall('deposit', boMoneyRequest, async (caller, body) => ({
    account: await upline.deposit(caller, body),
  }));
  boCall('withdraw', boMoneyRequest, async (caller, body) => ({
    account: await upline.withdraw(caller, body),
  }));
  boCall('setcredit', boSetCreditRequest, async (caller, body) => ({
    account: await upline.setCredit(caller, body),
  }));
  boCall('setbetlimits', boSetBetLimitsRequest, (caller, body) =>
    upline.setBetLimits(caller, body).then(done),
  );
  boCall('setcommission', boSetCommissionRequest, (caller, body) =>
    upline.setCommission(caller, body).then(done),
  );
  boCall('setshare', boSetShareRequest, (caller, body) => upline.setShare(caller, body).then(done));
  boCall('setfeatures', boSetFeaturesRequest, (caller, body) => upline.setFeatures(caller, body).then(done));
  boCall('resetpassword', boResetPasswordRequest, (caller, body) =>
    upline.resetPassword(caller, body).then(done),
  );
  boCall('memberlist', boMemberListRequest, (caller, body) => upline.listMembers(caller, body));
  boCall('issuetoken', boIssueTokenRequest, (caller, body) => upline.issueLaunchToken(caller, body));
}
