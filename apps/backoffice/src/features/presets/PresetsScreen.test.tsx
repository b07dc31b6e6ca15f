import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { PresetsScreen, settingsFrom } from './PresetsScreen';

const ok = (extra: object) => () => ({ status: '1', statusdesc: 'success', ...extra });

describe('presets screen', () => {
  it('lists presets, saves a new one as rates and deletes one', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/presetlist': ok({
        presets: [{ name: 'std', settings: [{ product: 'casino', pt_share: '0.1' }] }],
      }),
      '/bo/presetsave': ok({}),
      '/bo/presetdelete': ok({}),
    });
    renderScreen(<PresetsScreen />);
    expect((await screen.findByTestId('bo-preset-std')).textContent).toContain('10%');
    fireEvent.change(screen.getByTestId('bo-preset-name'), { target: { value: 'vip' } });
    fireEvent.change(screen.getByTestId('bo-preset-games-commission'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('bo-preset-save'));
    await waitFor(() =>
      expect(api.callsTo('/bo/presetsave')[0]?.body).toEqual({
        name: 'vip',
        settings: [{ product: 'games', commission_rate: '0.01' }],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('/bo/presetdelete')[0]?.body).toEqual({ name: 'std' }));
  });

  it.each([
    [{ 'casino.share': '20' }, [{ product: 'casino', pt_share: '0.2' }]],
    [{ 'casino.share': 'x' }, null],
    [{}, []],
  ])('%j -> %j', (edits, settings) => expect(settingsFrom(edits)).toEqual(settings));
});
