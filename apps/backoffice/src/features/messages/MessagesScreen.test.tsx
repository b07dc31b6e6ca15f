import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { MessagesScreen } from './MessagesScreen';

describe('messages and announcements', () => {
  it('sends a personal message', async () => {
    signedIn('demoag', 'agent');
    const api = mockFetch({ '/bo/message': () => ({ status: '1', statusdesc: 'success' }) });
    renderScreen(<MessagesScreen />);
    expect(screen.queryByText('Announcement')).toBeNull();
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: ' demomyr ' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Your credit is raised.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Sent.'));
    expect(api.callsTo('/bo/message')[0]?.body).toEqual({
      account_id: 'demomyr',
      subject: 'Hello',
      message: 'Your credit is raised.',
    });
  });

  it('lets the operator publish a marquee announcement', async () => {
    signedIn();
    const api = mockFetch({ '/bo/announce': () => ({ status: '1', statusdesc: 'success' }) });
    renderScreen(<MessagesScreen />);
    const texts = screen.getAllByLabelText('Text');
    const last = texts[texts.length - 1];
    if (!last) throw new Error('announcement text');
    fireEvent.change(last, { target: { value: 'Maintenance at 04:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.callsTo('/bo/announce')).toHaveLength(1));
    expect(api.callsTo('/bo/announce')[0]?.body).toEqual({
      type: 'normal',
      marquee: true,
      texts: { en: { title: '', message: 'Maintenance at 04:00' } },
    });
  });
});
