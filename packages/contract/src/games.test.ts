import { describe, expect, it } from 'vitest';
import { gameListRequest, launchGameRequest, walletBetRequest } from './games';

const session = { account_id: 'demomyr', session_token: 'token' };

describe('provider games contract', () => {
  it('launch defaults to real play on desktop in English; game_code is required', () => {
    expect(launchGameRequest.parse({ ...session, game_code: 'rl_lucky_lanterns' })).toEqual({
      ...session,
      game_code: 'rl_lucky_lanterns',
      mode: 'real',
      lang: 'en',
      platform: 'desktop',
    });
    const missing = launchGameRequest.safeParse(session);
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe('field_required');
    expect(launchGameRequest.safeParse({ ...session, game_code: 'x', mode: 'free' }).success).toBe(false);
  });

  it('GameList takes the five products only', () => {
    expect(gameListRequest.safeParse({ ...session, product: 'fishing' }).success).toBe(true);
    expect(gameListRequest.safeParse({ ...session, product: 'bingo' }).success).toBe(false);
  });

  it('wallet bodies keep unknown fields and refuse negative or fractional amounts', () => {
    const bet = {
      request_uuid: 'r',
      token: 't',
      transaction_uuid: 'x',
      user: 'u',
      round: 'R',
      game_code: 'g',
      currency: 'MYR',
      amount: 356_000,
      some_fake_key: 1,
    };
    expect(walletBetRequest.parse(bet)).toMatchObject({ round_closed: false, some_fake_key: 1 });
    expect(walletBetRequest.safeParse({ ...bet, amount: -1 }).success).toBe(false);
    expect(walletBetRequest.safeParse({ ...bet, amount: 1.5 }).success).toBe(false);
  });
});
