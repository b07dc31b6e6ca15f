import type { RoomInfoView, RoomPickView } from '@sb/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { describeError } from '../../shared/api/errors';
import { useFormat } from '../../shared/format';
import { QueryView } from '../../shared/ui/QueryView';
import { useMyPicks, useRoomInfo, useRoomRank, useRoomWrite } from './api';
import styles from './tournament.module.css';

type Sides = Record<number, RoomPickView['selection']>;

function Countdown({ until }: { until: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Date.parse(until) - now);
  const hours = Math.floor(left / 3_600_000);
  const minutes = Math.floor((left % 3_600_000) / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  return (
    <span className={styles.countdown}>
      {t('tournament.closesIn', {
        time: `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`,
      })}
    </span>
  );
}

/** A locked pick as the member made it: the team with its line, or over/under the total. */
function pickLabel(
  pick: RoomPickView | undefined,
  match: { home: string; away: string },
  words: { over: string; under: string },
): string {
  if (!pick) return '-';
  const side = {
    h: `${match.home} ${pick.line}`,
    a: match.away,
    o: `${words.over} ${pick.line}`,
    u: `${words.under} ${pick.line}`,
  }[pick.selection];
  return `${side} @ ${pick.odds}`;
}

/** The picks form: one handicap side per match (required), one over/under side per match (optional). */
function Picks({ room, mine }: { room: RoomInfoView; mine: RoomPickView[] }) {
  const { t } = useTranslation();
  const open = room.status === 'A';
  const initial = (kind: 'hdp' | 'ou') =>
    Object.fromEntries(mine.filter((p) => p.kind === kind).map((p) => [p.match_id, p.selection])) as Sides;
  const [hdp, setHdp] = useState<Sides>(() => initial('hdp'));
  const [ou, setOu] = useState<Sides>(() => initial('ou'));
  const [pin, setPin] = useState('');
  const words = { over: t('tournament.over'), under: t('tournament.under') };
  const bet = useRoomWrite('roombet');
  const betPlus = useRoomWrite('roombetplus');
  const join = useRoomWrite('roomjoin');
  const error = bet.error ?? betPlus.error ?? join.error;
  const toPicks = (sides: Sides) =>
    Object.entries(sides).map(([match, selection]) => ({ match_id: Number(match), selection }));
  const save = async () => {
    await bet.mutateAsync({ roomid: room.roomid, picks: toPicks(hdp) });
    if (Object.keys(ou).length > 0) await betPlus.mutateAsync({ roomid: room.roomid, picks: toPicks(ou) });
  };
  const saveAndJoin = async () => {
    await save();
    await join.mutateAsync({ roomid: room.roomid, ...(room.type === 2 ? { room_password: pin } : {}) });
  };
  const side = (
    sides: Sides,
    set: (s: Sides) => void,
    matchId: number,
    key: RoomPickView['selection'],
    label: string,
    price: string,
  ) => (
    <button
      type="button"
      data-testid={`pick-${matchId}-${key}`}
      className={sides[matchId] === key ? `${styles.pick} ${styles.picked}` : styles.pick}
      aria-pressed={sides[matchId] === key}
      disabled={!open}
      onClick={() => set({ ...sides, [matchId]: key })}
    >
      {label} <strong>{price}</strong>
    </button>
  );
  return (
    <div className={styles.picks}>
      <table className="sb-table">
        <thead>
          <tr>
            <th>{t('tournament.match')}</th>
            <th>{t('tournament.handicap')}</th>
            <th>{t('tournament.overUnder')}</th>
            <th>{t('tournament.result')}</th>
          </tr>
        </thead>
        <tbody>
          {room.matches.map((match) => {
            const picked = mine.filter((p) => p.match_id === match.match_id);
            return (
              <tr key={match.match_id}>
                <td>
                  {match.home} – {match.away}
                </td>
                <td>
                  {match.hdp ? (
                    <>
                      {side(hdp, setHdp, match.match_id, 'h', `${match.home} ${match.hdp.line}`, match.hdp.h)}
                      {side(hdp, setHdp, match.match_id, 'a', match.away, match.hdp.a)}
                    </>
                  ) : (
                    pickLabel(
                      picked.find((p) => p.kind === 'hdp'),
                      match,
                      words,
                    )
                  )}
                </td>
                <td>
                  {match.ou ? (
                    <>
                      {side(
                        ou,
                        setOu,
                        match.match_id,
                        'o',
                        `${t('tournament.over')} ${match.ou.line}`,
                        match.ou.o,
                      )}
                      {side(ou, setOu, match.match_id, 'u', t('tournament.under'), match.ou.u)}
                    </>
                  ) : (
                    pickLabel(
                      picked.find((p) => p.kind === 'ou'),
                      match,
                      words,
                    )
                  )}
                </td>
                <td>
                  {match.result?.void
                    ? t('tournament.void')
                    : match.result?.ft
                      ? `${match.result.ft[0]}-${match.result.ft[1]}`
                      : '-'}
                  {picked.map((p) => (p.points === null ? null : ` (${p.points})`))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {open && (
        <div className={styles.actions}>
          {room.type === 2 && !room.joined && (
            <label className="sb-inline-field">
              <span>{t('tournament.pin')}</span>
              <input
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                data-testid="room-pin"
                value={pin}
                onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
              />
            </label>
          )}
          <button type="button" className="sb-button" onClick={() => void save().catch(() => undefined)}>
            {t('tournament.savePicks')}
          </button>
          {!room.joined && (
            <button
              type="button"
              className="sb-button"
              data-testid="room-join"
              onClick={() => void saveAndJoin().catch(() => undefined)}
            >
              {t('tournament.join')}
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {describeError(t, error)}
        </p>
      )}
    </div>
  );
}

function Ranking({ roomid, currency }: { roomid: number; currency: string }) {
  const { t } = useTranslation();
  const query = useRoomRank(roomid);
  return (
    <QueryView query={query} isEmpty={(reply) => reply.ranks.length === 0}>
      {(reply) => (
        <table className="sb-table" aria-label={t('tournament.ranking')}>
          <thead>
            <tr>
              <th>{t('tournament.rank')}</th>
              <th>{t('tournament.player')}</th>
              <th>{t('tournament.points')}</th>
              <th>{t('tournament.prize')}</th>
            </tr>
          </thead>
          <tbody>
            {reply.ranks.map((row) => (
              <tr key={row.account_id} data-testid="rank-row" data-account={row.account_id}>
                <td>{row.rank || '-'}</td>
                <td>{row.account_id}</td>
                <td>{row.points}</td>
                <td data-testid="rank-prize">
                  {row.prize_name ? `${t(`tournament.prizes.${row.prize_name}`)} ` : ''}
                  {row.prize !== '0.00' ? `${currency} ${row.prize}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryView>
  );
}

/** /tournament2/room/:roomid: matches and picks, pool and prizes, players, countdown, ranking. */
export function RoomPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const roomid = Number(useParams().roomid);
  const info = useRoomInfo(roomid);
  const mine = useMyPicks(roomid);
  return (
    <section className={styles.page} aria-labelledby="room-title">
      <QueryView query={info}>
        {({ room }) => (
          <>
            <h1 id="room-title">
              {t('tournament.roomNo', { id: room.roomid })} · {t(`tournament.types.${room.type}`)}
            </h1>
            <p className={styles.summary}>
              <span className={styles.badge} data-testid="room-status" data-status={room.status}>
                {t(`tournament.status.${room.status}`)}
              </span>{' '}
              {t('tournament.players')}: {room.players}/{room.room_limit} · {t('tournament.pool')}:{' '}
              {room.currency} {room.pool} · {t('tournament.closes')}: {format.dateTime(room.last_join_time)}{' '}
              {room.status === 'A' && <Countdown until={room.last_join_time} />}
            </p>
            <ul className={styles.prizes}>
              {room.prizes.map((prize) => (
                <li key={prize.place}>
                  {t(`tournament.prizes.${prize.name}`)}: {room.currency} {prize.amount}
                </li>
              ))}
            </ul>
            {mine.data && <Picks room={room} mine={mine.data.picks} />}
            <h2>{t('tournament.ranking')}</h2>
            <Ranking roomid={room.roomid} currency={room.currency} />
          </>
        )}
      </QueryView>
    </section>
  );
}
