import { describe, expect, it } from 'vitest';
import { mockFetch, signedIn } from '../test/utils';
import { BoApiError, boPost } from './api';
import { useSession } from './session';

describe('back-office client', () => {
  it('posts to the contract path with the bearer token and answers the reply', async () => {
    signedIn();
    const api = mockFetch({ '/bo/setstate': () => ({ status: '1', statusdesc: 'success' }) });
    await expect(boPost('bo_setstate', { account_id: 'm1', state: 'suspended' })).resolves.toMatchObject({
      status: '1',
    });
    expect(api.calls[0]).toEqual({
      path: '/bo/setstate',
      body: { account_id: 'm1', state: 'suspended' },
      auth: 'Bearer tok',
    });
  });

  it('throws the statusdesc code and keeps the session on an ordinary refusal', async () => {
    signedIn();
    mockFetch({
      '/bo/setcredit': () => ({ status: '0', statusdesc: 'aboveUplineLimit', message: 'x', field: 'amount' }),
    });
    const error = await boPost('bo_setcredit', { account_id: 'm1', amount: '1', transfer_id: 't' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BoApiError);
    expect((error as BoApiError).code).toBe('aboveUplineLimit');
    expect((error as BoApiError).field).toBe('amount');
    expect(useSession.getState().token).toBe('tok');
  });

  it('signs out when the session has ended', async () => {
    signedIn();
    mockFetch({ '/bo/memberlist': () => ({ status: '0', statusdesc: 'session_expired', message: 'x' }) });
    await expect(boPost('bo_memberlist', {})).rejects.toBeInstanceOf(BoApiError);
    expect(useSession.getState().token).toBeNull();
  });
});
