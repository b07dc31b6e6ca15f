import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/store';
import { QueryView } from '../../shared/ui/QueryView';
import { Tabs } from '../../shared/ui/Tabs';
import { useFinishedRooms, useRooms, type StatusFilter, type TypeFilter } from './api';
import { CreateRoom } from './CreateRoom';
import { RoomCard } from './RoomCard';
import styles from './tournament.module.css';

type Tab = 'lobby' | 'mine' | 'create' | 'results';
const TYPE_FILTERS: TypeFilter[] = ['T0', 'T1', 'T2', 'T3'];
const STATUS_FILTERS: StatusFilter[] = ['10', 'A', '4', '0', '3', '1', '2'];

function RoomList({ mine }: { mine: boolean }) {
  const { t } = useTranslation();
  const [type, setType] = useState<TypeFilter>('T0');
  const [status, setStatus] = useState<StatusFilter>(mine ? '10' : 'A');
  const [search, setSearch] = useState('');
  const query = useRooms({ type_filter: type, status, search: search.trim(), mine });
  return (
    <>
      <div className="sb-filters">
        <label className="sb-inline-field">
          <span>{t('tournament.type')}</span>
          <select value={type} onChange={(e) => setType(e.target.value as TypeFilter)}>
            {TYPE_FILTERS.map((key) => (
              <option key={key} value={key}>
                {t(`tournament.typeFilters.${key}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="sb-inline-field">
          <span>{t('tournament.statusLabel')}</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            {STATUS_FILTERS.map((key) => (
              <option key={key} value={key}>
                {t(`tournament.status.${key}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="sb-inline-field">
          <span>{t('tournament.search')}</span>
          <input
            type="search"
            value={search}
            maxLength={40}
            placeholder={t('tournament.searchHint')}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
      </div>
      <QueryView query={query} isEmpty={(reply) => reply.rooms.length === 0}>
        {(reply) => (
          <ul className={styles.grid}>
            {reply.rooms.map((room) => (
              <RoomCard key={room.roomid} room={room} />
            ))}
          </ul>
        )}
      </QueryView>
    </>
  );
}

function Results() {
  const { t } = useTranslation();
  const query = useFinishedRooms();
  return (
    <QueryView query={query} isEmpty={(reply) => reply.rooms.length === 0}>
      {(reply) => (
        <table className="sb-table">
          <thead>
            <tr>
              <th>{t('tournament.room')}</th>
              <th>{t('tournament.statusLabel')}</th>
              <th>{t('tournament.rank')}</th>
              <th>{t('tournament.points')}</th>
              <th>{t('tournament.prize')}</th>
              <th>{t('tournament.refund')}</th>
            </tr>
          </thead>
          <tbody>
            {reply.rooms.map((room) => (
              <tr key={room.roomid}>
                <td>{room.roomid}</td>
                <td>{t(`tournament.status.${room.status as StatusFilter}`)}</td>
                <td>{room.rank ?? '-'}</td>
                <td>{room.points}</td>
                <td>{room.prize}</td>
                <td>{room.refund}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryView>
  );
}

/** /tournament2/home: the lobby, the member's rooms, creating a room and past results. */
export function TournamentHome() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('lobby');
  // The upline switched tournaments off for this account: its message, no logout (the server refuses too).
  const off = useSession((state) => state.account?.info.features?.tournament === false);
  const items = (['lobby', 'mine', 'create', 'results'] as const).map((key) => ({
    key,
    label: t(`tournament.tabs.${key}`),
  }));
  return (
    <section className={styles.page} aria-labelledby="tournament-title">
      <h1 id="tournament-title">{t('tournament.title')}</h1>
      {off ? (
        <p className="sb-notice sb-notice--warning" role="status" data-testid="product-disabled">
          {t('errors.tournamentDisabled')}
        </p>
      ) : (
        <>
          <Tabs
            items={items}
            value={tab}
            onChange={setTab}
            label={t('tournament.title')}
            idPrefix="tournament"
          />
          <div role="tabpanel" id={`tournament-panel-${tab}`} aria-labelledby={`tournament-tab-${tab}`}>
            {tab === 'lobby' && <RoomList mine={false} />}
            {tab === 'mine' && <RoomList mine />}
            {tab === 'create' && <CreateRoom />}
            {tab === 'results' && <Results />}
          </div>
        </>
      )}
    </section>
  );
}
