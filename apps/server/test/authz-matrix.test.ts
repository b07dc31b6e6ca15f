import { z } from 'zod';
import { expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/http/registry';
import { boLogin, login, seeded } from './support/fixtures';
import { prng, sample, type JsonSchema } from './support/fuzz';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

/** The codes that mean "not you": a refusal of the caller, not of the body. */
const DENIALS = new Set([
  'unauthenticatedUser',
  'forbiddenAccess',
  'account_inactive',
  'session_expired',
  'noSubAccountPermission',
  'enrolmentRequired',
]);

/** A body the call's schema accepts as often as the generator can, aimed at `target` where it names an account. */
function bodyFor(route: RegisteredRoute, target: string, seed: number): Record<string, unknown> {
  const schema = z.toJSONSchema(route.call?.request ?? z.object({}), {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  const body = (sample(schema, prng(seed)) ?? {}) as Record<string, unknown>;
  if (schema.properties?.parent_id) {
    // Creating an account: account_id is the new one's, parent_id the level it goes under.
    body.parent_id = 'demoag';
    body.account_id = `fz${seed}`;
  } else if (schema.properties?.account_id) body.account_id = target;
  // Rates the target's own levels allow, so the call reaches its authorisation rather than a format check.
  for (const key of ['commission_rate', 'pt_share', 'share'])
    if (schema.properties?.[key]) body[key] = '0.0025';
  if (route.url === '/bo/setcommission') body.rate = '0.0025';
  return body;
}

/** Whether the call acts on a named account of the downline (an existing one, or the parent of a new one). */
const takesAccount = (route: RegisteredRoute) => {
  if (!route.call) return false;
  const schema = z.toJSONSchema(route.call.request, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return Boolean(schema.properties?.account_id ?? schema.properties?.parent_id);
};

/** A second agent (under the same master) with its own member, and an agent under a master then closed. */
async function callers(env: TestEnv) {
  const operator = await boLogin(env.app);
  const made = async (body: object) =>
    expect((await operator.call('createaccount', body)).body.status, JSON.stringify(body)).toBe('1');
  await made({ account_id: 'otherag', password: 'Other123', parent_id: 'demoma', commission_rate: '0.003' });
  await made({ account_id: 'closedma', password: 'Other123', parent_id: 'demosr', commission_rate: '0.004' });
  await made({
    account_id: 'closedag',
    password: 'Other123',
    parent_id: 'closedma',
    commission_rate: '0.003',
  });
  const closed = await boLogin(env.app, 'closedag', 'Other123');
  expect((await operator.call('setstate', { account_id: 'closedma', state: 'closed' })).body.status).toBe(
    '1',
  );
  const member = await login(env.app, 'demomyr');
  const agent = await boLogin(env.app, 'demoag');
  // Staff of the agent with no rights and with every right it can give, and the operator's trading desk.
  const staff = async (owner: typeof agent, login: string, permissions: string[]) => {
    const saved = await owner.call('staff/save', { login_id: login, password: 'Staff123', permissions });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe('1');
    return boLogin(env.app, login, 'Staff123');
  };
  // A new agent signed in without its second factor yet: an enrolment-only session.
  await made({ account_id: 'freshag', password: 'Fresh123', parent_id: 'demoma', commission_rate: '0.003' });
  const fresh = await call(env.app, '/bo/login', { account_id: 'freshag', password: 'Fresh123' });
  expect(fresh.body.enrol_required).toBe(true);
  return {
    operator,
    agent,
    staffNone: await staff(agent, 'demoagSub01', []),
    staffAll: await staff(agent, 'demoagSub02', [
      'total_bets',
      'reports',
      'create_account',
      'update_account',
      'transfer',
    ]),
    desk: await staff(operator, 'demoopSub01', ['trading']),
    enrolling: fresh.body.token as string,
    otherAgent: await boLogin(env.app, 'otherag', 'Other123'),
    closed,
    memberToken: member.token,
  };
}

describeEachDatabase('authorisation matrix', (env) => {
  it('every /bo call from the operator, an agent, another branch, a closed level, a member and a stranger', async () => {
    await seeded(env());
    const who = await callers(env());
    const routes = env()
      .routes.filter(
        (route) => route.method === 'POST' && route.url.startsWith('/bo/') && route.url !== '/bo/login',
      )
      // Sign-outs last: they end the token the other rows use.
      .sort((a, b) => Number(a.url === '/bo/logout') - Number(b.url === '/bo/logout'));
    expect(routes.length).toBeGreaterThan(30);
    // The reports' drill-downs are in the matrix (an account of another branch refused: nothing leaks).
    for (const url of ['/bo/winloss', '/bo/tickets', '/bo/rounds'])
      expect(routes.map((route) => route.url)).toContain(url);
    const asBearer = (token: string | undefined, route: RegisteredRoute, body: object) =>
      call(env().app, route.url, body, token ? { authorization: `Bearer ${token}` } : {});
    const allowed = (reply: Awaited<ReturnType<typeof call>>, label: string) => {
      expect(reply.http, label).toBeLessThan(500);
      expect(DENIALS.has(reply.body.statusdesc), `${label}: ${JSON.stringify(reply.body)}`).toBe(false);
    };
    const denied = (reply: Awaited<ReturnType<typeof call>>, code: string, label: string) =>
      expect(reply.body.statusdesc, `${label}: ${JSON.stringify(reply.body)}`).toBe(code);
    for (const [index, route] of routes.entries()) {
      // Every /bo route has its row: its role decides the operator-only column.
      expect(['upline', 'operator'], route.url).toContain(route.backoffice);
      const body = bodyFor(route, 'demomyr', index + 1);
      const label = (caller: string) => `${route.url} as ${caller}`;
      denied(await asBearer(undefined, route, body), 'unauthenticatedUser', label('a stranger'));
      denied(await asBearer('not-a-token', route, body), 'unauthenticatedUser', label('a forged token'));
      denied(await asBearer(who.memberToken, route, body), 'unauthenticatedUser', label('a member'));
      denied(await who.closed.call(route.url.slice(4), body), 'account_inactive', label('a closed level'));
      const enrolling = await asBearer(who.enrolling, route, body);
      if (route.duringEnrolment) allowed(enrolling, label('a session enrolling'));
      else denied(enrolling, 'enrolmentRequired', label('a session enrolling'));
      // Staff: the flag the route needs, or none for 'any'; never for the account's own calls ('none').
      const staffColumn = async (
        staff: Awaited<ReturnType<typeof boLogin>>,
        flags: readonly string[],
        ownerRole: 'upline' | 'operator',
        name: string,
      ) => {
        const reply = await staff.call(route.url.slice(4), body);
        const grant = route.staff === 'any' || (route.staff !== undefined && flags.includes(route.staff));
        if (route.backoffice === 'operator' && ownerRole !== 'operator')
          denied(reply, 'forbiddenAccess', label(name));
        else if (!grant) denied(reply, 'noSubAccountPermission', label(name));
        else if (!takesAccount(route) || ownerRole === 'operator' || route.backoffice === 'upline')
          allowed(reply, label(name));
      };
      await staffColumn(who.staffNone, [], 'upline', 'staff without rights');
      await staffColumn(
        who.staffAll,
        ['total_bets', 'reports', 'create_account', 'update_account', 'transfer'],
        'upline',
        'staff with every right',
      );
      await staffColumn(who.desk, ['trading'], 'operator', "the operator's trading desk");
      if (route.backoffice === 'operator') {
        denied(await who.agent.call(route.url.slice(4), body), 'forbiddenAccess', label('an agent'));
        denied(
          await who.otherAgent.call(route.url.slice(4), body),
          'forbiddenAccess',
          label('another agent'),
        );
      } else {
        allowed(await who.agent.call(route.url.slice(4), body), label('its agent'));
        // Another branch's agent may use the call for its own downline, never on demomyr.
        if (takesAccount(route))
          denied(
            await who.otherAgent.call(route.url.slice(4), body),
            'forbiddenAccess',
            label('another branch'),
          );
        else allowed(await who.otherAgent.call(route.url.slice(4), body), label('another branch'));
      }
      allowed(await who.operator.call(route.url.slice(4), body), label('the operator'));
    }
  }, 300_000);

  it('every member call made with another member’s id is refused, never answered for the other member', async () => {
    await seeded(env());
    const me = await login(env().app, 'demomyr');
    const routes = env().routes.filter((route) => {
      if (route.method !== 'POST' || !route.call) return false;
      const schema = z.toJSONSchema(route.call.request, {
        io: 'input',
        unrepresentable: 'any',
      }) as JsonSchema;
      return schema.properties?.session_token !== undefined;
    });
    expect(routes.length).toBeGreaterThan(50);
    for (const [index, route] of routes.entries()) {
      const body = { ...bodyFor(route, 'demousd', index + 1), session_token: me.token };
      const reply = await call(env().app, route.url, body);
      expect(reply.http, route.url).toBeLessThan(500);
      expect(reply.body.status, `${route.url}: ${JSON.stringify(reply.body).slice(0, 300)}`).toBe('0');
    }
    // The session is still good for its own member.
    expect(
      (await call(env().app, '/api/userprofile', { account_id: 'demomyr', session_token: me.token })).body
        .status,
    ).toBe('1');
  }, 300_000);
});
