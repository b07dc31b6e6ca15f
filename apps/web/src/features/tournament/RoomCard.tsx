import type { RoomView } from '@sb/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../shared/format';
import styles from './tournament.module.css';

/** One room in the lobby: type, fee, players, pool and when joining closes. */
export function RoomCard({ room }: { room: RoomView }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className={styles.card}>
      <Link to={`/tournament2/room/${room.roomid}`} className={styles.cardLink}>
        <span className={styles.cardTitle}>
          {t('tournament.roomNo', { id: room.roomid })} · {t(`tournament.types.${room.type}`)}
        </span>
        <span className={styles.badge} data-status={room.status}>
          {t(`tournament.status.${room.status}`)}
        </span>
      </Link>
      <dl className={styles.facts}>
        <dt>{t('tournament.owner')}</dt>
        <dd>{room.owner}</dd>
        <dt>{t('tournament.fee')}</dt>
        <dd>{room.type === 3 ? t('tournament.free') : `${room.currency} ${room.rate}`}</dd>
        <dt>{t('tournament.players')}</dt>
        <dd>
          {room.players} / {room.room_limit}
        </dd>
        <dt>{t('tournament.pool')}</dt>
        <dd>
          {room.currency} {room.pool}
        </dd>
        <dt>{t('tournament.closes')}</dt>
        <dd>{format.dateTime(room.last_join_time)}</dd>
      </dl>
      {room.joined && <span className={styles.joined}>{t('tournament.joined')}</span>}
    </li>
  );
}
