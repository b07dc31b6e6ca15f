import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { boPost } from '../../shared/api';
import { NoticeLine, useNotice } from '../../shared/notice';
import { isOperator, useSession } from '../../shared/session';

/** A personal message to one member; announcements (the marquee) for the operator. */
export function MessagesScreen() {
  const { t } = useTranslation();
  const level = useSession((s) => s.level);
  const [message, setMessage] = useState({ account_id: '', subject: '', message: '' });
  const [announcement, setAnnouncement] = useState({ text: '', marquee: true });
  const { notice, done, failed } = useNotice();
  const send = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => done(t('messages.sent')),
    onError: failed,
  });
  const sendMessage = (event: FormEvent) => {
    event.preventDefault();
    if (!message.account_id.trim() || !message.subject.trim() || !message.message.trim()) return;
    send.mutate(() => boPost('bo_message', { ...message, account_id: message.account_id.trim() }));
  };
  const sendAnnouncement = (event: FormEvent) => {
    event.preventDefault();
    if (!announcement.text.trim()) return;
    send.mutate(() =>
      boPost('bo_announce', {
        type: 'normal',
        marquee: announcement.marquee,
        texts: { en: { title: '', message: announcement.text.trim() } },
      }),
    );
  };

  return (
    <>
      <h1>{t('messages.title')}</h1>
      <NoticeLine notice={notice} />
      <form className="panel" onSubmit={sendMessage}>
        <h2>{t('messages.personal')}</h2>
        <div className="row">
          <label>
            {t('login.account')}
            <input
              value={message.account_id}
              onChange={(e) => setMessage({ ...message, account_id: e.target.value })}
            />
          </label>
          <label>
            {t('messages.subject')}
            <input
              value={message.subject}
              onChange={(e) => setMessage({ ...message, subject: e.target.value })}
            />
          </label>
        </div>
        <label>
          {t('messages.body')}
          <textarea
            rows={4}
            value={message.message}
            onChange={(e) => setMessage({ ...message, message: e.target.value })}
          />
        </label>
        <button type="submit" className="primary">
          {t('messages.send')}
        </button>
      </form>
      {isOperator(level) && (
        <form className="panel" onSubmit={sendAnnouncement}>
          <h2>{t('messages.announcement')}</h2>
          <label>
            {t('messages.body')}
            <textarea
              rows={3}
              value={announcement.text}
              onChange={(e) => setAnnouncement({ ...announcement, text: e.target.value })}
            />
          </label>
          <label>
            <span>
              <input
                type="checkbox"
                checked={announcement.marquee}
                onChange={(e) => setAnnouncement({ ...announcement, marquee: e.target.checked })}
              />{' '}
              {t('messages.marquee')}
            </span>
          </label>
          <button type="submit" className="primary">
            {t('messages.publish')}
          </button>
        </form>
      )}
    </>
  );
}
