import { describe, expect, it } from 'vitest';
import { readMemberMessage } from './member';

describe('member bus messages read back', () => {
  it('reads the pushes of a message in order', () => {
    const text = JSON.stringify({ account_id: 'demomyr', payloads: [{ op: 'bet' }, { op: 'profile' }] });
    expect(readMemberMessage(text)).toEqual({
      account_id: 'demomyr',
      payloads: [{ op: 'bet' }, { op: 'profile' }],
    });
  });

  it('reads the one-push form a process of the previous release still publishes', () => {
    const text = JSON.stringify({ account_id: 'demomyr', payload: { op: 'messages' } });
    expect(readMemberMessage(text)).toEqual({ account_id: 'demomyr', payloads: [{ op: 'messages' }] });
  });

  it.each([
    ['not JSON', '{'],
    ['no account', JSON.stringify({ payloads: [{ op: 'bet' }] })],
    ['an account that is no text', JSON.stringify({ account_id: 7, payloads: [{ op: 'bet' }] })],
    ['no push', JSON.stringify({ account_id: 'demomyr', payloads: [] })],
    ['pushes without an op', JSON.stringify({ account_id: 'demomyr', payloads: [null, 3, { x: 1 }] })],
  ])('%s is no push, not an exception', (_case, text) => {
    expect(readMemberMessage(text)).toBeNull();
  });
});
