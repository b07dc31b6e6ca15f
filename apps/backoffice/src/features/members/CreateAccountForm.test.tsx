import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { CreateAccountForm } from './CreateAccountForm';

const ok = (extra: object) => () => ({ status: '1', statusdesc: 'success', ...extra });

describe('creating an account with a preset', () => {
  it('offers the caller’s presets and sends the chosen one with the new account', async () => {
    signedIn('demoma', 'master');
    const api = mockFetch({
      '/bo/presetlist': ok({
        presets: [{ name: 'vip', settings: [{ product: 'casino', pt_share: '0.1' }] }],
      }),
      '/bo/createaccount': ok({}),
    });
    renderScreen(<CreateAccountForm parentId="" onDone={() => undefined} />);
    await screen.findByRole('option', { name: 'vip' });
    expect(screen.getByRole('option', { name: 'No preset' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('bo-create-account'), { target: { value: 'ag7' } });
    fireEvent.change(screen.getByTestId('bo-create-password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByTestId('bo-create-commission'), { target: { value: '0.2' } });
    fireEvent.change(screen.getByTestId('bo-create-preset'), { target: { value: 'vip' } });
    fireEvent.click(screen.getByTestId('bo-create-submit'));
    await waitFor(() => expect(api.callsTo('/bo/createaccount')).toHaveLength(1));
    expect(api.callsTo('/bo/createaccount')[0]?.body).toMatchObject({
      account_id: 'ag7',
      commission_rate: '0.002',
      preset: 'vip',
    });
  });

  it('sends no preset when none is chosen', async () => {
    signedIn('demoma', 'master');
    const api = mockFetch({ '/bo/presetlist': ok({ presets: [] }), '/bo/createaccount': ok({}) });
    renderScreen(<CreateAccountForm parentId="" onDone={() => undefined} />);
    fireEvent.change(screen.getByTestId('bo-create-account'), { target: { value: 'ag8' } });
    fireEvent.change(screen.getByTestId('bo-create-password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByTestId('bo-create-commission'), { target: { value: '0.2' } });
    fireEvent.click(screen.getByTestId('bo-create-submit'));
    await waitFor(() => expect(api.callsTo('/bo/createaccount')).toHaveLength(1));
    expect(api.callsTo('/bo/createaccount')[0]?.body).not.toHaveProperty('preset');
  });
});
