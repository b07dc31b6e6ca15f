import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/utils';
import { emptySlip, useSlip } from './betslip';
import { marketReply } from './fixtures';
import { KenoPickPad, paytableRows } from './KenoPickPad';
import { useMarkets } from './markets';

const PICK_PRICES = [
  '3.80',
  '15.80',
  '47.71',
  '143.12',
  '821.03',
  '2092.11',
  '6591.97',
  '25030.57',
  '45091.04',
  '125011.04',
];

function loadDraw(open = 1) {
  useMarkets.getState().load(
    marketReply({
      matches: [
        [900, 7, 'Keno', '#20261127-0950', 0, 0, 0, 0, Date.UTC(2026, 10, 27, 1, 50), '', 0, 0, 0, 0, 0, 2],
      ],
      odds: [
        [
          77,
          900,
          'keno_pick',
          'ft',
          '',
          open,
          0,
          ...PICK_PRICES.flatMap((price, i) => [String(i + 1), price]),
        ],
      ],
    }),
  );
}

describe('keno pick pad', () => {
  beforeEach(() => {
    useMarkets.getState().clear();
    useSlip.setState({ ...emptySlip(), tab: 'parlay' });
  });

  it('pays per 1.00 by hits, best first, from the domain tables', () => {
    expect(paytableRows(3)).toEqual([
      { hits: 3, pays: '47.71' },
      { hits: 2, pays: '2.07' },
    ]);
    expect(paytableRows(10).at(-1)).toEqual({ hits: 0, pays: '2.50' });
  });

  it('chooses up to 10 numbers, shows the paytable for the count and slips a canonical single at the top prize', () => {
    loadDraw();
    renderWithProviders(<KenoPickPad marketId={77} />);
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(80);
    for (const n of [45, 3, 17]) fireEvent.click(screen.getByTestId(`keno-number-${n}`));
    expect(screen.getByTestId('keno-pick-count').textContent).toBe('3 of 10 chosen');
    const table = screen.getByTestId('keno-paytable');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['HitsPays (per 1.00)', '347.71', '22.07']);
    // A second click takes a number back.
    fireEvent.click(screen.getByTestId('keno-number-17'));
    fireEvent.click(screen.getByTestId('keno-number-17'));
    fireEvent.click(screen.getByTestId('keno-pick-add'));
    const slip = useSlip.getState();
    expect(slip.tab).toBe('single');
    expect(slip.single).toMatchObject({
      marketId: 77,
      matchId: 900,
      selection: '3,17,45',
      odds: '47.71',
      format: 'DEC',
      kind: 'keno_pick',
    });
  });

  it('stops at ten numbers and is closed with its market', () => {
    loadDraw();
    const { unmount } = renderWithProviders(<KenoPickPad marketId={77} />);
    for (let n = 1; n <= 10; n += 1) fireEvent.click(screen.getByTestId(`keno-number-${n}`));
    expect((screen.getByTestId('keno-number-11') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('keno-number-10') as HTMLButtonElement).disabled).toBe(false);
    unmount();
    useMarkets.getState().clear();
    loadDraw(0);
    renderWithProviders(<KenoPickPad marketId={77} />);
    expect((screen.getByTestId('keno-number-1') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('keno-pick-add') as HTMLButtonElement).disabled).toBe(true);
  });
});
