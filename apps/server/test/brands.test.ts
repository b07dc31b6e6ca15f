import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { DEMO_PASSWORD, JADE_BRAND } from '../src/db/seed';
import { boLogin, seeded } from './support/fixtures';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

const DEMO_HOST = { host: 'localhost:3000' };
const JADE_HOST = { host: 'jade.localhost:3000' };

/** Seeded, with every process's brand directory read again (the seed tells them over the bus). */
async function ready(env: TestEnv) {
  await seeded(env);
  await env.services.brands.refresh();
}

async function memberLogin(app: FastifyInstance, accountId: string, headers: Record<string, string>) {
  const reply = await call(
    app,
    '/api/authlogin',
    { account_id: accountId, password: DEMO_PASSWORD },
    headers,
  );
  const profile = reply.body.member_profile as { player_info: [{ session_token: string }] } | undefined;
  return { statusdesc: reply.body.statusdesc, token: profile?.player_info[0].session_token ?? '' };
}

async function boLoginOn(app: FastifyInstance, accountId: string, headers: Record<string, string>) {
  const reply = await call(app, '/bo/login', { account_id: accountId, password: DEMO_PASSWORD }, headers);
  // Password right on this host: the second factor as its user would give it.
  const signedIn =
    reply.body.statusdesc === 'totpRequired' ? await boLogin(app, accountId, DEMO_PASSWORD, headers) : null;
  const token = signedIn?.token ?? String(reply.body.token ?? '');
  if (signedIn) reply.body.statusdesc = 'success';
  return {
    statusdesc: reply.body.statusdesc,
    token,
    call: (name: string, body: unknown, on = headers) =>
      call(app, `/bo/${name}`, body, { ...on, authorization: `Bearer ${token}` }),
  };
}

describeEachDatabase('brands served per host (white label)', (env) => {
  it('resolves the brand from the host: demo on localhost and unknown hosts, Jade on its own host', async () => {
    await ready(env());
    const brandOn = async (headers: Record<string, string>) =>
      (await call(env().app, '/api/brand', {}, headers)).body.brand as {
        code: string;
        title: string;
        logo: string;
        settings: { theme: string; default_language: string; white_label: boolean; products: string[] };
      };
    const demo = await brandOn(DEMO_HOST);
    expect(demo).toMatchObject({ code: 'demo', title: 'Demo Sports Betting Platform' });
    expect(demo.settings).toMatchObject({ theme: 'light', default_language: 'en', white_label: false });
    expect((await brandOn({ host: '127.0.0.1:3000' })).code).toBe('demo');
    expect((await brandOn({ host: 'unknown.example' })).code).toBe('demo');
    const jade = await brandOn(JADE_HOST);
    expect(jade).toMatchObject({ code: 'jade', title: 'Jade Sports Betting Platform' });
    expect(jade.settings).toMatchObject({ theme: 'dark', default_language: 'th', white_label: true });
    expect(jade.settings.products).toEqual(JADE_BRAND.settings.products);
    expect(jade.logo.startsWith('data:image/svg+xml;base64,')).toBe(true);
    // Case and port do not matter.
    expect((await brandOn({ host: 'JADE.localhost' })).code).toBe('jade');
  });

  it("a member signs in only on its brand's host, and its session is refused on another brand's", async () => {
    await ready(env());
    expect((await memberLogin(env().app, 'jadethb', DEMO_HOST)).statusdesc).toBe('account_not_exists');
    expect((await memberLogin(env().app, 'demomyr', JADE_HOST)).statusdesc).toBe('account_not_exists');
    const jade = await memberLogin(env().app, 'jadethb', JADE_HOST);
    expect(jade.statusdesc).toBe('success');
    const session = { account_id: 'jadethb', session_token: jade.token };
    expect((await call(env().app, '/api/userbalance', session, JADE_HOST)).body.statusdesc).toBe('success');
    // Every member call, whatever it is, refuses the Jade session on Demo's host before reading anything.
    for (const path of [
      '/api/userbalance',
      '/api/userprofile',
      '/api/personallist',
      '/api/cancelledbetlist',
    ]) {
      expect((await call(env().app, path, session, DEMO_HOST)).body.statusdesc, path).toBe(
        'session_not_exists',
      );
    }
    const demo = await memberLogin(env().app, 'demomyr', DEMO_HOST);
    const demoSession = { account_id: 'demomyr', session_token: demo.token };
    expect((await call(env().app, '/api/userbalance', demoSession, JADE_HOST)).body.statusdesc).toBe(
      'session_not_exists',
    );
  });

  it('the back office is per brand too: sign-in, sessions and lists never cross', async () => {
    await ready(env());
    expect((await boLoginOn(env().app, 'jadeop', DEMO_HOST)).statusdesc).toBe('account_not_exists');
    expect((await boLoginOn(env().app, 'demoop', JADE_HOST)).statusdesc).toBe('account_not_exists');
    const jadeOp = await boLoginOn(env().app, 'jadeop', JADE_HOST);
    expect(jadeOp.statusdesc).toBe('success');
    expect((await jadeOp.call('memberlist', {}, DEMO_HOST)).http).toBe(401);
    const list = (await jadeOp.call('memberlist', {})).body;
    const ids = JSON.stringify(list);
    expect(ids).toContain('jadethb');
    expect(ids).not.toContain('demomyr');
    // An announcement of Jade's operator reaches Jade's members only.
    const posted = await jadeOp.call('announce', {
      type: 'normal',
      marquee: true,
      texts: { en: { title: 'Jade news', message: 'Only for Jade' } },
    });
    expect(posted.body.status).toBe('1');
    const jadeMember = await memberLogin(env().app, 'jadethb', JADE_HOST);
    const demoMember = await memberLogin(env().app, 'demomyr', DEMO_HOST);
    const jadeMarquee = await call(
      env().app,
      '/api/marqueelist',
      { account_id: 'jadethb', session_token: jadeMember.token },
      JADE_HOST,
    );
    const demoMarquee = await call(
      env().app,
      '/api/marqueelist',
      { account_id: 'demomyr', session_token: demoMember.token },
      DEMO_HOST,
    );
    expect(JSON.stringify(jadeMarquee.body)).toContain('Only for Jade');
    expect(JSON.stringify(demoMarquee.body)).not.toContain('Only for Jade');
  });

  it("members are created in their brand's currencies only", async () => {
    await ready(env());
    const jadeOp = await boLoginOn(env().app, 'jadeop', JADE_HOST);
    const base = { password: 'Demo1234', parent_id: 'jadeag', commission_rate: '0' };
    const myr = await jadeOp.call('createaccount', { ...base, account_id: 'jademyr', currency: 'MYR' });
    expect(myr.body.statusdesc).toBe('currencyNotSupported');
    const thb = await jadeOp.call('createaccount', { ...base, account_id: 'jadethb2', currency: 'THB' });
    expect(thb.body.statusdesc, JSON.stringify(thb.body)).toBe('success');
  });

  it('an operator edits a brand and creates one: live at once, without a restart', async () => {
    await ready(env());
    const platform = await boLoginOn(env().app, 'demoop', DEMO_HOST);
    const edited = await platform.call('brand/save', {
      code: 'jade',
      name: 'Jade Palace',
      hosts: ['jade.localhost'],
      settings: { ...JADE_BRAND.settings, theme: 'light', default_language: 'vi' },
    });
    expect(edited.body.statusdesc, JSON.stringify(edited.body)).toBe('success');
    const seen = (await call(env().app, '/api/brand', {}, JADE_HOST)).body.brand as {
      title: string;
      settings: { theme: string; default_language: string };
    };
    expect(seen).toMatchObject({
      title: 'Jade Palace Sports Betting Platform',
      settings: { theme: 'light', default_language: 'vi' },
    });

    // An operator id already taken: refused, and no brand is left behind holding its hosts.
    const taken = await platform.call('brand/save', {
      code: 'ruby',
      name: 'Ruby',
      hosts: ['ruby.localhost'],
      settings: JADE_BRAND.settings,
      operator: { account_id: 'demoop', password: 'Ruby12345' },
    });
    expect(taken.body.statusdesc).toBe('account_exists');
    expect(
      ((await call(env().app, '/api/brand', {}, { host: 'ruby.localhost' })).body.brand as { code: string })
        .code,
    ).toBe('demo');

    const created = await platform.call('brand/save', {
      code: 'ruby',
      name: 'Ruby',
      hosts: ['ruby.localhost'],
      settings: { ...JADE_BRAND.settings, white_label: true, currencies: ['USD'] },
      operator: { account_id: 'rubyop', password: 'Ruby12345' },
    });
    expect(created.body.statusdesc, JSON.stringify(created.body)).toBe('success');
    const ruby = { host: 'ruby.localhost' };
    expect(((await call(env().app, '/api/brand', {}, ruby)).body.brand as { code: string }).code).toBe(
      'ruby',
    );
    const rubyLogin = await call(
      env().app,
      '/bo/login',
      { account_id: 'rubyop', password: 'Ruby12345' },
      ruby,
    );
    expect(rubyLogin.body.statusdesc).toBe('success');
    expect(
      (await call(env().app, '/bo/login', { account_id: 'rubyop', password: 'Ruby12345' }, DEMO_HOST)).body
        .statusdesc,
    ).toBe('account_not_exists');

    // A brand's own operator edits its brand only, and creates none; a host another brand holds is refused.
    const jadeOp = await boLoginOn(env().app, 'jadeop', JADE_HOST);
    const own = await jadeOp.call('brand/save', {
      code: 'jade',
      name: 'Jade',
      hosts: ['jade.localhost'],
      settings: JADE_BRAND.settings,
    });
    expect(own.body.statusdesc).toBe('success');
    const other = await jadeOp.call('brand/save', {
      code: 'demo',
      name: 'Taken',
      hosts: [],
      settings: JADE_BRAND.settings,
    });
    expect(other.http).toBe(403);
    const stolenHost = await platform.call('brand/save', {
      code: 'ruby',
      name: 'Ruby',
      hosts: ['jade.localhost'],
      settings: JADE_BRAND.settings,
    });
    expect(stolenHost.body.statusdesc).toBe('invalid_request');
    const listed = (await jadeOp.call('brand/list', {})).body.brands as { code: string }[];
    expect(listed.map((b) => b.code)).toEqual(['jade']);
    const all = (await platform.call('brand/list', {})).body.brands as { code: string }[];
    expect(all.map((b) => b.code).sort()).toEqual(['demo', 'jade', 'ruby']);
  });
});
