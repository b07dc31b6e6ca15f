import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { percentOf, ProductSharesForm } from './ProductSharesForm';

const ok = (extra: object) => () => ({ status: '1', statusdesc: 'success', ...extra });
const products = ok({
  account_id: 'ag9',
  products: [
    { product: 'sportsbook', pt_share: '0.2000', commission_rate: '0.0030' },
    { product: 'casino', pt_share: '0', commission_rate: null },
    { product: 'games', pt_share: '0', commission_rate: null },
  ],
});

describe('position taking and commission per product', () => {
  it('shows each product, saves only the products edited as rates', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/products': products,
      '/bo/presetlist': ok({ presets: [] }),
      '/bo/setproducts': ok({}),
    });
    renderScreen(<ProductSharesForm accountId="ag9" isMember={false} />);
    const share = await screen.findByTestId('bo-product-casino-share');
    expect((screen.getByTestId('bo-product-sportsbook-share') as HTMLInputElement).placeholder).toBe('20');
    fireEvent.change(share, { target: { value: '25' } });
    fireEvent.change(screen.getByTestId('bo-product-games-commission'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('bo-products-save'));
    await waitFor(() => expect(api.callsTo('/bo/setproducts')).toHaveLength(1));
    expect(api.callsTo('/bo/setproducts')[0]?.body).toEqual({
      account_id: 'ag9',
      settings: [
        { product: 'casino', pt_share: '0.25' },
        { product: 'games', commission_rate: '0.005' },
      ],
    });
  });

  it('hides the share for a member and applies a chosen preset', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/products': products,
      '/bo/presetlist': ok({
        presets: [{ name: 'standard', settings: [{ product: 'casino', pt_share: '0.1' }] }],
      }),
      '/bo/presetapply': ok({}),
    });
    renderScreen(<ProductSharesForm accountId="m1" isMember />);
    await screen.findByTestId('bo-product-casino-commission');
    expect(screen.queryByTestId('bo-product-casino-share')).toBeNull();
    await screen.findByRole('option', { name: 'standard' });
    fireEvent.change(screen.getByTestId('bo-products-preset'), { target: { value: 'standard' } });
    fireEvent.click(screen.getByTestId('bo-products-apply'));
    await waitFor(() =>
      expect(api.callsTo('/bo/presetapply')[0]?.body).toEqual({ account_id: 'm1', name: 'standard' }),
    );
  });

  it.each([
    ['0.0025', '0.25'],
    ['0.2000', '20'],
    [null, ''],
  ])('reads rate %s as %s%%', (rate, percent) => expect(percentOf(rate)).toBe(percent));
});
