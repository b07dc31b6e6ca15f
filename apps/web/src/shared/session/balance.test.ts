import { describe, expect, it } from 'vitest';
import { mockFetch, signIn } from '../../test/utils';
import { fetchBalance } from './balance';

const balanceReply = () =>
  new Promise<object>((resolve) =>
    setTimeout(
      () =>
        resolve({
          status: '1',
          statusdesc: 'success',
          balance: '10.00',
          account_balance: '10.00',
          outstanding_balance: '0.00',
          retrieve_profile: false,
        }),
      10,
    ),
  );

describe('balance', () => {
  it('never makes two balance calls at once', async () => {
    signIn();
    const fetch = mockFetch({ '/api/userbalance': balanceReply });
    const [a, b] = await Promise.all([fetchBalance(), fetchBalance()]);
    expect(a).toEqual(b);
    expect(fetch.callsTo('/api/userbalance')).toHaveLength(1);
    expect(fetch.callsTo('/api/userbalance')[0]).toEqual({
      account_id: 'demomyr',
      session_token: 'token-1',
      parent_id: 'agent1',
    });
    await fetchBalance();
    expect(fetch.callsTo('/api/userbalance')).toHaveLength(2);
  });

  it('uses vuserbalance for operator type 2', async () => {
    signIn({ operator_type: 2 });
    const fetch = mockFetch({ '/api/vuserbalance': balanceReply });
    await fetchBalance();
    expect(fetch.callsTo('/api/vuserbalance')).toHaveLength(1);
    expect(fetch.callsTo('/api/userbalance')).toHaveLength(0);
  });

  it('refreshes the profile when the balance reply asks for it', async () => {
    signIn();
    const fetch = mockFetch({
      '/api/userbalance': () => ({
        status: '1',
        statusdesc: 'success',
        balance: '1',
        account_balance: '1',
        outstanding_balance: '0',
        retrieve_profile: true,
      }),
      '/api/userprofile': () => ({ status: '1', statusdesc: 'no_changes' }),
    });
    await fetchBalance();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch.callsTo('/api/userprofile')).toHaveLength(1);
  });
});
