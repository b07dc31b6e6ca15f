import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
import { hostBrand } from '../../http/brand';
import { postCall } from '../../http/route';
import type { BoAccessService } from './service';

/**
 * Signing in to the back office and managing one's own second factor and staff: /bo/login (no session yet), then
 * calls of the signed-in caller. Enrolment, sign-out and "me" answer a session still without its second factor.
 */
export function boAccessRoutes(app: FastifyInstance, ctx: AppContext, access: BoAccessService): void {
  const self = { role: 'upline', staff: 'any', duringEnrolment: true } as const;
  const own = { role: 'upline', staff: 'any' } as const;

  postCall(app, ctx, CALLS.bo_login, (body, request) =>
    access.login(body, request.ip, hostBrand(request)?.id),
  );
  boCall(app, ctx, CALLS.bo_logout, self, async (caller) => {
    await access.logout(caller.bo.token);
    return {};
  });
  boCall(app, ctx, CALLS.bo_me, self, (caller) => access.me(caller));
  boCall(app, ctx, CALLS.bo_2fa_enrol, self, (caller) => access.beginEnrolment(caller));
  boCall(app, ctx, CALLS.bo_2fa_confirm, self, (caller, body) => access.confirmEnrolment(caller, body.code));
  boCall(app, ctx, CALLS.bo_2fa_recovery, own, (caller, body) =>
    access.regenerateRecoveryCodes(caller, body.code),
  );
  boCall(app, ctx, CALLS.bo_2fa_devices, own, (caller) => access.devices(caller));
  boCall(app, ctx, CALLS.bo_2fa_revokedevice, own, (caller, body) => access.revokeDevice(caller, body.id));
  // Staff management is the account's own: no sub-account can grant rights (staff: 'none').
  boCall(app, ctx, CALLS.bo_staff_list, 'upline', (caller) => access.listStaff(caller));
  boCall(app, ctx, CALLS.bo_staff_save, 'upline', (caller, body) => access.saveStaff(caller, body));
}
