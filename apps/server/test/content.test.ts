import { expect, it } from 'vitest';
import { boLogin, login, seeded } from './support/fixtures';
import { call, describeEachDatabase } from './support/harness';

describeEachDatabase('messages and announcements', (env) => {
  it('an operator announces per language; members read it in theirs, the marquee shows the marquee ones', async () => {
    await seeded(env());
    const op = await boLogin(env().app);
    expect(
      (
        await op.call('announce', {
          type: 'normal',
          marquee: true,
          texts: {
            en: { title: 'Welcome', message: 'Welcome to the book' },
            cn: { title: '欢迎', message: '欢迎光临' },
          },
        })
      ).body.status,
    ).toBe('1');
    await op.call('announce', {
      type: 'special',
      texts: { en: { title: 'Maintenance', message: 'Sunday 04:00' } },
    });
    expect(
      (await op.call('announce', { type: 'normal', texts: { cn: { title: 'x', message: 'y' } } })).body
        .status,
    ).toBe('0');
    const agent = await boLogin(env().app, 'demoag');
    expect(
      (await agent.call('announce', { type: 'normal', texts: { en: { title: 'x', message: 'y' } } })).body
        .statusdesc,
    ).toBe('forbiddenAccess');

    const member = await login(env().app, 'demomyr');
    const session = { account_id: 'demomyr', session_token: member.token };
    const all = await call(env().app, '/api/announcelist', session);
    expect((all.body.list as { title: string }[]).map((m) => m.title).sort()).toEqual([
      'Maintenance',
      'Welcome',
    ]);
    const special = await call(env().app, '/api/announcelist', { ...session, type: 'special' });
    expect(special.body.list).toEqual([
      expect.objectContaining({ title: 'Maintenance', message: 'Sunday 04:00', type: 'special' }),
    ]);
    const marquee = await call(env().app, '/api/marqueelist', session);
    expect((marquee.body.list as { message: string }[]).map((m) => m.message)).toEqual([
      'Welcome to the book',
    ]);
    await call(env().app, '/api/usersettings', { ...session, language: 'cn' });
    const chinese = await call(env().app, '/api/announcelist', { ...session, type: 'normal' });
    expect(chinese.body.list).toEqual([expect.objectContaining({ title: '欢迎', message: '欢迎光临' })]);
    // The history: a range before today finds nothing; a bad range is refused.
    expect(
      (
        await call(env().app, '/api/announcelist', {
          ...session,
          start_date: '2020-01-01',
          end_date: '2020-01-31',
        })
      ).body.list,
    ).toEqual([]);
    expect(
      (
        await call(env().app, '/api/announcelist', {
          ...session,
          start_date: '2020-02-01',
          end_date: '2020-01-01',
        })
      ).body.statusdesc,
    ).toBe('invalid_request');
  });

  it('personal messages: unread count, listing marks them read, only for the downline', async () => {
    await seeded(env());
    const agent = await boLogin(env().app, 'demoag');
    await agent.call('message', {
      account_id: 'demousd',
      subject: 'Hello',
      message: 'Your limits were raised.',
    });
    await agent.call('message', { account_id: 'demousd', subject: 'Again', message: 'Second note.' });
    expect(
      (await agent.call('message', { account_id: 'demoma', subject: 'x', message: 'y' })).body.statusdesc,
    ).toBe('forbiddenAccess');
    expect(
      (await agent.call('message', { account_id: 'nobody', subject: 'x', message: 'y' })).body.statusdesc,
    ).toBe('account_not_exists');
    const member = await login(env().app, 'demousd');
    const session = { account_id: 'demousd', session_token: member.token };
    expect((await call(env().app, '/api/personalunread', session)).body.count).toBe(2);
    const first = await call(env().app, '/api/personallist', session);
    expect((first.body.list as { title: string; read: boolean }[]).map((m) => [m.title, m.read])).toEqual([
      ['Again', false],
      ['Hello', false],
    ]);
    expect((await call(env().app, '/api/personalunread', session)).body.count).toBe(0);
    const second = await call(env().app, '/api/personallist', session);
    expect((second.body.list as { read: boolean }[]).every((m) => m.read)).toBe(true);
    expect(
      (await call(env().app, '/api/personalunread', { account_id: 'demousd', session_token: 'bad' })).body
        .statusdesc,
    ).toBe('session_not_exists');
  });
});
