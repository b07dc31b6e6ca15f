import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import cn from '../../locales/cn.json';
import { i18n } from '../i18n';
import { useLayout } from '../settings/store';
import { mockFetch, renderWithProviders, signIn } from '../../test/utils';
import { LanguageSwitcher } from './LanguageSwitcher';

function Probe() {
  const { t } = useTranslation();
  return <p data-testid="probe">{t('header.balance')}</p>;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('LanguageSwitcher', () => {
  it('loads the language file, switches every text and remembers the choice', async () => {
    signIn();
    const calls = mockFetch({ '/api/usersettings': () => ({ status: '1', statusdesc: 'success' }) });
    // The locale file is fetched as a static asset; serve the real one.
    const apiFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('cn.json')
        ? Promise.resolve(new Response(JSON.stringify(cn), { status: 200 }))
        : apiFetch(input, init),
    );
    renderWithProviders(
      <>
        <LanguageSwitcher />
        <Probe />
      </>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('Balance');
    fireEvent.change(screen.getByTestId('language-switcher'), { target: { value: 'cn' } });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('余额'));
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(useLayout.getState().pageDisplay.language).toBe('cn');
    expect(JSON.parse(localStorage.getItem('sb_pageDisplay') ?? '{}').language).toBe('cn');
    expect(calls.callsTo('/api/usersettings')[0]).toMatchObject({ language: 'cn' });
  });

  it('labels tw in Khmer', () => {
    mockFetch({});
    renderWithProviders(<LanguageSwitcher />);
    const option = screen.getByRole('option', { name: 'ភាសាខ្មែរ' }) as HTMLOptionElement;
    expect(option.value).toBe('tw');
  });
});
