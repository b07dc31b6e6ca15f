import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useSession } from '../../shared/session';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { EnrolScreen } from './EnrolScreen';

describe('second-factor enrolment', () => {
  it('shows the QR code and key, confirms with a code, shows the recovery codes once, then opens the app', async () => {
    signedIn('newag', 'agent', { enrolRequired: true });
    const api = mockFetch({
      '/bo/2fa/enrol': () => ({
        status: '1',
        statusdesc: 'success',
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/Book%3Anewag?secret=JBSWY3DPEHPK3PXP&issuer=Book',
      }),
      '/bo/2fa/confirm': (body) =>
        body.code === '123456'
          ? { status: '1', statusdesc: 'success', recovery_codes: ['aaaa-bbbb-cccc', 'dddd-eeee-ffff'] }
          : { status: '0', statusdesc: 'invalidTotp', message: '' },
    });
    renderScreen(<EnrolScreen />, '/enrol');
    expect((await screen.findByTestId('bo-enrol-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    await screen.findByTestId('bo-enrol-qr');
    fireEvent.change(screen.getByTestId('bo-enrol-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('bo-enrol-confirm'));
    expect((await screen.findByRole('alert')).textContent).toContain('wrong');
    fireEvent.change(screen.getByTestId('bo-enrol-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('bo-enrol-confirm'));
    expect((await screen.findByTestId('bo-recovery-codes')).textContent).toContain('dddd-eeee-ffff');
    expect(useSession.getState().enrolRequired).toBe(true);
    fireEvent.click(screen.getByTestId('bo-enrol-continue'));
    await waitFor(() => expect(useSession.getState().enrolRequired).toBe(false));
    expect(api.callsTo('/bo/2fa/confirm').map((c) => c.body.code)).toEqual(['000000', '123456']);
  });
});
