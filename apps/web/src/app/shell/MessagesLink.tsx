import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../../features/messages/api';

/** Messages, with the personal messages' unread count. */
export function MessagesLink() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const label = unread
    ? `${t('nav.message')} (${t('messages.unread', { count: unread })})`
    : t('nav.message');
  return (
    <Link
      to="/info/message"
      className="sb-btn sb-btn--icon sb-rel"
      aria-label={label}
      title={label}
      data-testid="nav-messages"
      data-tour="messages"
    >
      <span aria-hidden="true">✉</span>
      {unread > 0 && (
        <span className="sb-badge sb-badge--corner" aria-hidden="true" data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
