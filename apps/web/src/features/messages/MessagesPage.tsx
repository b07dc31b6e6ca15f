import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gmt8Day, useFormat } from '../../shared/format';
import { QueryView } from '../../shared/ui/QueryView';
import { Tabs } from '../../shared/ui/Tabs';
import { useAnnouncements, usePersonalMessages, useUnreadCount, type Message } from './api';
import styles from './messages.module.css';

type Tab = 'normal' | 'special' | 'personal' | 'history';

function MessageList({ messages }: { messages: Message[] }) {
  const format = useFormat();
  return (
    <ul className={styles.list}>
      {messages.map((message) => (
        <li key={message.id} className={message.read ? styles.item : `${styles.item} ${styles.unread}`}>
          <time className={styles.date}>{format.dateTime(message.date)}</time>
          {message.title && <strong className={styles.title}>{message.title}</strong>}
          <p className={styles.text}>{message.text}</p>
        </li>
      ))}
    </ul>
  );
}

function Announcements({ type }: { type: 'normal' | 'special' }) {
  const query = useAnnouncements(type);
  return (
    <QueryView query={query} isEmpty={(rows) => rows.length === 0}>
      {(rows) => <MessageList messages={rows} />}
    </QueryView>
  );
}

function Personal() {
  const query = usePersonalMessages();
  const client = useQueryClient();
  // Reading the list marks the messages read on the server: the header's count follows.
  useEffect(() => {
    if (query.isSuccess) void client.invalidateQueries({ queryKey: ['messages', 'unread'] });
  }, [query.isSuccess, client]);
  return (
    <QueryView query={query} isEmpty={(rows) => rows.length === 0}>
      {(rows) => <MessageList messages={rows} />}
    </QueryView>
  );
}

function History() {
  const { t } = useTranslation();
  const [start, setStart] = useState(() => gmt8Day(-30));
  const [end, setEnd] = useState(() => gmt8Day(0));
  const query = useAnnouncements('all', { start, end });
  return (
    <>
      <div className="sb-filters">
        <label className="sb-inline-field">
          <span>{t('common.from')}</span>
          <input
            type="date"
            className="sb-input"
            value={start}
            max={end}
            onChange={(e) => setStart(e.target.value)}
          />
        </label>
        <label className="sb-inline-field">
          <span>{t('common.to')}</span>
          <input
            type="date"
            className="sb-input"
            value={end}
            min={start}
            onChange={(e) => setEnd(e.target.value)}
          />
        </label>
      </div>
      <QueryView query={query} isEmpty={(rows) => rows.length === 0}>
        {(rows) => <MessageList messages={rows} />}
      </QueryView>
    </>
  );
}

/** /info/message: normal and special announcements, personal messages with the unread count, history. */
export function MessagesPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('normal');
  const unread = useUnreadCount();
  return (
    <article className="sb-card" aria-labelledby="messages-title">
      <h1 id="messages-title" className="sb-card__title">
        {t('messages.title')}
      </h1>
      <Tabs
        idPrefix="messages"
        label={t('messages.title')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'normal', label: t('messages.normal') },
          { key: 'special', label: t('messages.special') },
          { key: 'personal', label: t('messages.personal'), badge: unread },
          { key: 'history', label: t('messages.history') },
        ]}
      />
      <div id="messages-panel" role="tabpanel" aria-labelledby={`messages-tab-${tab}`} className="sb-panel">
        {tab === 'normal' && <Announcements type="normal" />}
        {tab === 'special' && <Announcements type="special" />}
        {tab === 'personal' && <Personal />}
        {tab === 'history' && <History />}
      </div>
    </article>
  );
}
