import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BoRound } from '@sb/contract';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { RoundsScreen } from './RoundsScreen';
import { ROUND_PAGE_SIZE } from './rounds';

const round = (over: Partial<BoRound>): BoRound => ({
  product: 'casino',
  source: 'provider',
  game: 'rl_lucky_lanterns',
  game_name: 'Lucky Lanterns',
  round: 'R1',
  draw_id: null,
  draw_at: null,
  account_id: 'demomyr',
  currency: 'MYR',
  finished_at: '2026-11-20T04:00:00.000Z',
  stake: '100.00',
  win: '30.00',
  member_win_loss: '-70.00',
  member_commission: '0.20',
  own_win_loss: '14.00',
  own_commission: '0.30',
  ...over,
});

describe('game rounds screen', () => {
  it("opens on the linked member's rounds and days, shows each game, pages and asks again", async () => {
    signedIn('demoag', 'agent');
    const rows = [
      round({}),
      round({
        product: 'games',
        source: 'minigame',
        game: 'dice',
        game_name: null,
        round: '41',
        stake: '10.00',
        win: '19.80',
        member_win_loss: '9.80',
      }),
      round({ product: 'games', source: 'lottery', game: '4D', game_name: null, round: '7', draw_id: 12 }),
    ];
    const api = mockFetch({
      '/bo/rounds': (body) => ({
        status: '1',
        statusdesc: 'success',
        account_id: body.account_id ?? 'demoag',
        data: body.page === 2 ? [round({ round: 'R9' })] : rows,
        total: ROUND_PAGE_SIZE + 1,
        page: body.page,
      }),
    });
    renderScreen(
      <RoundsScreen />,
      '/reports/rounds?account_id=demomyr&start=2026-11-14&end=2026-11-20&product=casino',
    );
    await screen.findByTestId('bo-rd-R1');
    expect(api.callsTo('/bo/rounds').at(-1)?.body).toMatchObject({
      account_id: 'demomyr',
      product: 'casino',
      start_date: '2026-11-14',
      end_date: '2026-11-20',
      page: 1,
    });
    const table = screen.getByTestId('bo-rd-results').textContent ?? '';
    expect(table).toContain('Lucky Lanterns');
    expect(table).toContain('Dice');
    expect(screen.getByTestId('bo-rd-7').textContent).toContain('4D draw #12');
    expect(screen.getByTestId('bo-rd-R1').textContent).toContain('-70.00');
    expect(screen.getByTestId('bo-rd-R1').textContent).toContain('14.00');
    expect(screen.getByTestId('bo-rd-total').textContent).toContain(String(ROUND_PAGE_SIZE + 1));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('bo-rd-R9');
    expect(api.callsTo('/bo/rounds').at(-1)?.body).toMatchObject({ page: 2, account_id: 'demomyr' });
    // Both products and the whole downline: the filters left out of the request.
    fireEvent.change(screen.getByTestId('bo-rd-product'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('bo-rd-account'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('bo-rd-search'));
    await waitFor(() => expect(api.callsTo('/bo/rounds').at(-1)?.body.page).toBe(1));
    const last = api.callsTo('/bo/rounds').at(-1)?.body ?? {};
    expect([last.product, last.account_id]).toEqual([undefined, undefined]);
  });

  it('shows the refusal for an account outside the downline', async () => {
    signedIn('otherag', 'agent');
    mockFetch({
      '/bo/rounds': () => ({ status: '0', statusdesc: 'forbiddenAccess', message: 'Forbidden.' }),
    });
    renderScreen(<RoundsScreen />, '/reports/rounds?account_id=demomyr');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'forbiddenAccess',
    );
  });
});
