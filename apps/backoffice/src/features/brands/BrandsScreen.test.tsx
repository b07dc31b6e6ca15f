import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { BrandsScreen, listOf } from './BrandsScreen';

const settings = {
  theme: 'light',
  colours: { primary: '#123456', accent: '#abcdef' },
  default_language: 'en',
  languages: ['en', 'th'],
  default_odds_type: 1,
  currencies: ['MYR', 'USD'],
  sports_order: [1, 2],
  sports_order_bdt: [],
  products: ['sportsbook', 'slots'],
  white_label: false,
  support_contact: 'help@demo',
  help: { en: 'Help' },
};

describe('brands screen', () => {
  it('splits lists typed with commas or spaces', () => {
    expect(listOf(' a.localhost, b.localhost  c ')).toEqual(['a.localhost', 'b.localhost', 'c']);
  });

  it('edits a brand keeping what the form does not show, and creates one with its operator', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/brand/list': () => ({
        status: '1',
        statusdesc: 'success',
        brands: [
          { code: 'demo', name: 'Demo', title: 'Demo', logo: 'data:,', settings, hosts: ['localhost'] },
        ],
      }),
      '/bo/brand/save': () => ({ status: '1', statusdesc: 'success' }),
    });
    renderScreen(<BrandsScreen />, '/brands');
    await screen.findByTestId('bo-brand-demo');
    fireEvent.click(screen.getByText('Edit'));
    fireEvent.click(screen.getByTestId('bo-brand-product-lottery'));
    fireEvent.change(screen.getByTestId('bo-brand-hosts'), { target: { value: 'localhost, Demo.Example' } });
    fireEvent.click(screen.getByTestId('bo-brand-save'));
    await waitFor(() => expect(api.callsTo('/bo/brand/save')).toHaveLength(1));
    expect(api.callsTo('/bo/brand/save')[0]?.body).toEqual({
      code: 'demo',
      name: 'Demo',
      hosts: ['localhost', 'demo.example'],
      settings: { ...settings, products: ['sportsbook', 'slots', 'lottery'] },
    });

    fireEvent.click(screen.getByTestId('bo-brand-new'));
    fireEvent.change(screen.getByTestId('bo-brand-code'), { target: { value: 'ruby' } });
    fireEvent.change(screen.getByTestId('bo-brand-name'), { target: { value: 'Ruby' } });
    fireEvent.change(screen.getByTestId('bo-brand-hosts'), { target: { value: 'ruby.localhost' } });
    fireEvent.change(screen.getByTestId('bo-brand-operator'), { target: { value: 'rubyop' } });
    fireEvent.change(screen.getByTestId('bo-brand-operator-password'), { target: { value: 'Ruby12345' } });
    fireEvent.click(screen.getByTestId('bo-brand-save'));
    await waitFor(() => expect(api.callsTo('/bo/brand/save')).toHaveLength(2));
    expect(api.callsTo('/bo/brand/save')[1]?.body).toMatchObject({
      code: 'ruby',
      hosts: ['ruby.localhost'],
      operator: { account_id: 'rubyop', password: 'Ruby12345' },
    });
  });
});
