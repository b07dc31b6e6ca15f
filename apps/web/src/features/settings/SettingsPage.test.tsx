import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSession } from '../../shared/session/store';
import { useLayout } from '../../shared/settings/store';
import { MENU_SPORTS, menuReply, mockFetch, renderWithProviders, signIn } from '../../test/utils';
import { SettingsPage } from './SettingsPage';

const ok = () => ({ status: '1', statusdesc: 'success' });

describe('SettingsPage', () => {
  it('saves the settings to the server and to the spec storage keys', async () => {
    signIn();
    const fetch = mockFetch({ '/api/usersettings': ok });
    renderWithProviders(<SettingsPage />);
    fireEvent.change(screen.getByTestId('settings-odds-type'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('settings-page-size'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('settings-accept-better'));
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.getByTestId('settings-message').textContent).toBe('Settings saved.'));

    const body = fetch.callsTo('/api/usersettings')[0];
    expect(body).toMatchObject({
      account_id: 'demomyr',
      session_token: 'token-1',
      oddsType: '4',
      pageSize: '30',
      acceptBetterOdds: 'true',
      acceptAnyOdds: 'false',
      language: 'en',
    });
    expect(JSON.parse(localStorage.getItem('sb_pageDisplay') ?? '{}')).toMatchObject({
      oddsType: '4',
      pageSize: '30',
    });
    expect(JSON.parse(localStorage.getItem('sb_betting') ?? '{}')).toMatchObject({
      acceptBetterOdds: 'true',
    });
    expect(useLayout.getState().pageDisplay.oddsType).toBe('4');
  });

  it('offers Myanmar odds only to MMK members', () => {
    signIn();
    mockFetch({});
    const { unmount } = renderWithProviders(<SettingsPage />);
    const options = () =>
      within(screen.getByTestId('settings-odds-type'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options()).not.toContain('Myanmar');
    unmount();
    signIn({ currency: 'MMK' });
    renderWithProviders(<SettingsPage />);
    expect(options()).toContain('Myanmar');
  });

  it('reorders the served sports with the keyboard buttons and resets to the default order', async () => {
    signIn();
    const fetch = mockFetch({ '/api/usersettings': ok, '/cache/uxmenu': () => menuReply() });
    renderWithProviders(<SettingsPage />);
    const list = await screen.findByTestId('sports-order');
    const items = () => within(list).getAllByRole('listitem');
    const first = () => items()[0]?.textContent ?? '';
    expect(items()).toHaveLength(MENU_SPORTS.length);
    expect(first()).toContain('Soccer');
    fireEvent.click(screen.getByRole('button', { name: 'Move Soccer down' }));
    expect(first()).toContain('Basketball');
    // A sport with no translation shows the server's name.
    expect(within(list).getByTestId('sport-18').textContent).toContain('Table Tennis');
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(fetch.callsTo('/api/usersettings')).toHaveLength(1));
    const saved = fetch.callsTo('/api/usersettings')[0]?.sportsOrder as number[];
    expect(saved).toEqual([2, 1, 5, 8, 4, 6, 60, 24, 18]);
    expect(useLayout.getState().sportsOrder.custom).toEqual(saved);
    fireEvent.click(screen.getByTestId('sports-order-reset'));
    expect(first()).toContain('Soccer');
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(fetch.callsTo('/api/usersettings')).toHaveLength(2));
    // Reset means no custom order: the member follows the default list again.
    expect(fetch.callsTo('/api/usersettings')[1]?.sportsOrder).toEqual([]);
  });

  it('checks the change-password fields before calling the server', async () => {
    signIn();
    const fetch = mockFetch({ '/api/changepassword': ok });
    renderWithProviders(<SettingsPage />);
    const message = () => screen.getByTestId('password-message').textContent;
    fireEvent.click(screen.getByTestId('password-save'));
    expect(message()).toBe('Current password is required!');
    fireEvent.change(screen.getByTestId('password-current'), { target: { value: 'Demo1234' } });
    fireEvent.change(screen.getByTestId('password-next'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('password-save'));
    expect(message()).toBe('Password must be 6 to 10 characters and is case sensitive.');
    fireEvent.change(screen.getByTestId('password-next'), { target: { value: 'Secret12' } });
    fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: 'Secret13' } });
    fireEvent.click(screen.getByTestId('password-save'));
    expect(message()).toBe('Passwords do not match!');
    fireEvent.change(screen.getByTestId('password-next'), { target: { value: 'Demo1234' } });
    fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: 'Demo1234' } });
    fireEvent.click(screen.getByTestId('password-save'));
    expect(message()).toBe('The new password must be different from the current password.');
    fireEvent.change(screen.getByTestId('password-next'), { target: { value: 'Secret12' } });
    fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: 'Secret13' } });
    expect(fetch.callsTo('/api/changepassword')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: 'Secret12' } });
    fireEvent.click(screen.getByTestId('password-save'));
    await waitFor(() => expect(message()).toBe('Your password has been changed.'));
    expect(fetch.callsTo('/api/changepassword')[0]).toMatchObject({
      current_password: 'Demo1234',
      new_password: 'Secret12',
      confirm_password: 'Secret12',
    });
  });

  it('sets the nickname once, after confirmation, and then only shows it', async () => {
    signIn();
    const fetch = mockFetch({ '/api/addsecondary': ok });
    renderWithProviders(<SettingsPage />);
    fireEvent.change(screen.getByTestId('nickname-input'), { target: { value: 'ab_1' } });
    fireEvent.click(screen.getByTestId('nickname-save'));
    expect(
      screen.getByText('Nickname must be 6 to 15 letters or digits.', { selector: '[role="alert"]' }),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('nickname-input'), { target: { value: 'Lucky777' } });
    fireEvent.click(screen.getByTestId('nickname-save'));
    expect(screen.getByTestId('nickname-confirm-text')).toBeTruthy();
    expect(fetch.callsTo('/api/addsecondary')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('nickname-save'));
    await waitFor(() => expect(screen.getByTestId('nickname-value').textContent).toBe('Lucky777'));
    expect(fetch.callsTo('/api/addsecondary')[0]).toMatchObject({ nickname: 'Lucky777' });
    expect(useSession.getState().account?.info.has_secondary_account).toBe(true);
    expect(screen.queryByTestId('nickname-input')).toBeNull();
  });

  it('shows the duplicate-nickname message from the server', async () => {
    signIn();
    mockFetch({
      '/api/addsecondary': () => ({ status: '0', statusdesc: 'new_login_id_exists', message: '' }),
    });
    renderWithProviders(<SettingsPage />);
    fireEvent.change(screen.getByTestId('nickname-input'), { target: { value: 'Lucky777' } });
    fireEvent.click(screen.getByTestId('nickname-save'));
    fireEvent.click(screen.getByTestId('nickname-save'));
    expect(await screen.findByText('Invalid nickname, please try to set different nickname.')).toBeTruthy();
  });
});
