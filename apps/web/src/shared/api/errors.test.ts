import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { useSession } from '../session/store';
import { useDialogs } from '../ui/dialogs';
import { mockFetch, signIn } from '../../test/utils';
import { ApiError, post } from './client';
import { errorText, reactToError } from './errors';

const t = i18n.t.bind(i18n);

describe('error catalogue reactions', () => {
  it('ends the session with a dialog for session-invalid codes', () => {
    for (const code of [
      'session_expired',
      'BLOCK',
      'CLOSE',
      'FREEZE',
      'permission_denied',
      'account_inactive',
    ]) {
      signIn();
      reactToError(new ApiError(code));
      expect(useSession.getState().account, code).toBeNull();
      expect(useSession.getState().endReason).toBe(code);
      expect(useDialogs.getState().queue.at(-1)?.code).toBe(code);
    }
  });

  it('switches a suspended account to view only without logging out', () => {
    signIn();
    reactToError(new ApiError('SUSPEND'));
    expect(useSession.getState().account).not.toBeNull();
    expect(useSession.getState().viewOnly).toBe(true);
    expect(errorText(t, 'SUSPEND')).toBe('Your account had changed to VIEW only.');
  });

  it('marks the connection failed on requestFailed and clears it on the next answer', async () => {
    signIn();
    reactToError(new ApiError('requestFailed'));
    expect(useSession.getState().connectionFailed).toBe(true);
    expect(useDialogs.getState().queue).toHaveLength(0);
  });

  it('keeps quiet and silent codes out of dialogs unless asked', () => {
    signIn();
    reactToError(new ApiError('requestLimit'));
    reactToError(new ApiError('liveCasinoDisabled'), { dialog: true });
    expect(useDialogs.getState().queue).toHaveLength(0);
    reactToError(new ApiError('requestLimit'), { dialog: true });
    expect(useDialogs.getState().queue).toHaveLength(1);
    expect(useSession.getState().account).not.toBeNull();
  });

  it('shows a statusdesc with a space as is and translates the others', () => {
    expect(errorText(t, 'Operator says no')).toBe('Operator says no');
    expect(errorText(t, 'oddsIsUpdating')).toBe('Please wait a moment while odds is updating...');
    expect(errorText(t, 'someNewCode', 'Server text')).toBe('Server text');
    expect(errorText(t, 'someNewCode')).toBe('someNewCode');
  });

  it('maps a failed fetch to requestFailed and a refused reply to its code', async () => {
    mockFetch({ '/api/version': () => ({ status: '0', statusdesc: 'systemError', message: 'boom' }) });
    await expect(post('version')).rejects.toMatchObject({ code: 'systemError', serverMessage: 'boom' });
    await expect(post('announcelist')).rejects.toMatchObject({ code: 'not_found' });
  });
});
