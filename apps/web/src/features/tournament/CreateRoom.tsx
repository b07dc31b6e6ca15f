import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeError } from '../../shared/api/errors';
import { useFormat } from '../../shared/format';
import { QueryView } from '../../shared/ui/QueryView';
import { useLeagueMatches, useLeagues, useRoomWrite } from './api';
import styles from './tournament.module.css';

/** Create a room: league and match picker, type, fee, players, PIN for a private room, terms. */
export function CreateRoom() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const leagues = useLeagues();
  const [league, setLeague] = useState<number | null>(null);
  const matches = useLeagueMatches(league);
  const [picked, setPicked] = useState<number[]>([]);
  const [type, setType] = useState<1 | 2 | 3>(1);
  const [rate, setRate] = useState('10');
  const [limit, setLimit] = useState('10');
  const [pin, setPin] = useState('');
  const [terms, setTerms] = useState(false);
  const create = useRoomWrite('roomcreate');
  const toggle = (id: number) =>
    setPicked((current) => (current.includes(id) ? current.filter((m) => m !== id) : [...current, id]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The button is disabled until the terms are accepted; a room is never asked for without them.
    if (!terms) return;
    create.mutate(
      {
        type,
        matches: picked,
        room_limit: limit,
        terms: true,
        ...(type === 3 ? {} : { rate }),
        ...(type === 2 ? { room_password: pin } : {}),
      },
      { onSuccess: (reply) => void navigate(`/tournament2/room/${reply.roomid}`) },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('tournament.tabs.create')}>
      <fieldset>
        <legend>{t('tournament.type')}</legend>
        {([1, 2, 3] as const).map((value) => (
          <label key={value} className="sb-inline-field">
            <input
              type="radio"
              name="type"
              data-testid={`room-type-${value}`}
              checked={type === value}
              onChange={() => setType(value)}
            />
            <span>{t(`tournament.types.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {type !== 3 && (
        <label className="sb-inline-field">
          <span>{t('tournament.feeRange')}</span>
          <input
            inputMode="decimal"
            data-testid="room-fee"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            required
          />
        </label>
      )}
      <label className="sb-inline-field">
        <span>{t('tournament.playersRange')}</span>
        <input
          inputMode="numeric"
          data-testid="room-players"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          required
        />
      </label>
      {type === 2 && (
        <label className="sb-inline-field">
          <span>{t('tournament.pin')}</span>
          <input
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            data-testid="room-new-pin"
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          />
        </label>
      )}
      <QueryView query={leagues} isEmpty={(reply) => reply.leagues.length === 0}>
        {(reply) => (
          <label className="sb-inline-field">
            <span>{t('tournament.league')}</span>
            <select
              data-testid="room-league"
              value={league ?? ''}
              onChange={(e) => setLeague(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t('tournament.chooseLeague')}</option>
              {reply.leagues.map((item) => (
                <option key={item.league_id} value={item.league_id}>
                  {item.name} ({item.matches})
                </option>
              ))}
            </select>
          </label>
        )}
      </QueryView>
      {league !== null && (
        <QueryView query={matches} isEmpty={(reply) => reply.matches.length === 0}>
          {(reply) => (
            <ul className={styles.matchPicker} aria-label={t('tournament.matches')}>
              {reply.matches.map((match) => (
                <li key={match.match_id}>
                  <label>
                    <input
                      type="checkbox"
                      data-testid={`room-match-${match.match_id}`}
                      checked={picked.includes(match.match_id)}
                      onChange={() => toggle(match.match_id)}
                    />
                    <span>
                      {match.home} – {match.away}
                    </span>
                    <time>{format.dateTime(match.kickoff)}</time>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      )}
      <p>{t('tournament.selected', { count: picked.length })}</p>
      <label className="sb-inline-field">
        <input
          type="checkbox"
          data-testid="room-terms"
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
        />
        <span>{t('tournament.terms')}</span>
      </label>
      {create.error && (
        <p role="alert" className={styles.error}>
          {describeError(t, create.error)}
        </p>
      )}
      <button
        type="submit"
        className="sb-button"
        data-testid="room-create"
        disabled={create.isPending || !terms}
      >
        {t('tournament.create')}
      </button>
    </form>
  );
}
