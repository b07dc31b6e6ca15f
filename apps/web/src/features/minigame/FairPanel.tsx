import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FAIR_GAMES, type FairGame } from '@sb/domain';
import { call } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { sessionBody } from '../../shared/session/store';
import { useSeeds } from './api';
import { useFairVerify } from './verify';
import styles from './minigame.module.css';

/**
 * Provably fair: the commitments in force, the member's seed rotation (revealing the old seed), and a verify
 * form that recomputes any round twice: by the public verify call and here in the browser with the same code.
 */
export function FairPanel() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const seeds = useSeeds();
  const [clientSeed, setClientSeed] = useState('');
  const [game, setGame] = useState<FairGame>('dice');
  const [roundId, setRoundId] = useState('');
  const rotate = useMutation({
    mutationFn: () =>
      call('fairrotate', { ...sessionBody(), ...(clientSeed ? { client_seed: clientSeed } : {}) }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['account', 'minigame', 'seeds'] }),
  });
  const { verify, reply, hashMatches, verified } = useFairVerify();

  return (
    <section className="sb-panel" aria-label={t('minigame.tabs.fair')}>
      <p className="sb-muted">{t('minigame.fair.explain')}</p>
      {seeds.data && (
        <dl>
          <dt>{t('minigame.fair.yourSeed')}</dt>
          <dd className={styles.code}>
            {seeds.data.member.seed_hash} · {t('minigame.fair.clientSeed')}: {seeds.data.member.client_seed} ·
            nonce {seeds.data.member.next_nonce}
          </dd>
          <dt>{t('minigame.fair.crashSeed')}</dt>
          <dd className={styles.code}>{seeds.data.crash.seed_hash}</dd>
          {(
            [
              ['lottery', t('minigame.fair.games.lottery')],
              ['draws', `${t('minigame.fair.games.keno')} / ${t('minigame.fair.games.numbers')}`],
              ['racing', t('minigame.fair.games.racing')],
            ] as const
          ).map(([scope, name]) => (
            <Fragment key={scope}>
              <dt>
                {name} · {t('minigame.fair.commitment')}
              </dt>
              <dd className={styles.code} data-testid={`fair-commitment-${scope}`}>
                {seeds.data[scope].seed_hash}
              </dd>
              {seeds.data[scope].next_seed_hash && (
                <>
                  <dt>
                    {name} · {t('minigame.fair.nextCommitment')}
                  </dt>
                  <dd className={styles.code} data-testid={`fair-next-commitment-${scope}`}>
                    {seeds.data[scope].next_seed_hash}
                  </dd>
                </>
              )}
            </Fragment>
          ))}
        </dl>
      )}
      <div className={styles.row}>
        <label className="sb-field">
          <span>{t('minigame.fair.newClientSeed')}</span>
          <input
            className="sb-input"
            value={clientSeed}
            onChange={(e) => setClientSeed(e.target.value.trim())}
          />
        </label>
        <button type="button" className="sb-btn" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
          {t('minigame.fair.rotate')}
        </button>
      </div>
      {rotate.isError && <p className="sb-error">{describeError(t, rotate.error)}</p>}
      {seeds.data && seeds.data.revealed.length > 0 && (
        <>
          <h2>{t('minigame.fair.revealed')}</h2>
          <ul>
            {seeds.data.revealed.map((seed) => (
              <li key={seed.seed_hash} className={styles.code}>
                {seed.server_seed} → {seed.seed_hash}
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>{t('minigame.fair.verify')}</h2>
      <div className={styles.row}>
        <label className="sb-field">
          <span>{t('minigame.game')}</span>
          <select
            className="sb-select"
            value={game}
            onChange={(e) => setGame(e.target.value as FairGame)}
            data-testid="verify-game"
          >
            {FAIR_GAMES.map((name) => (
              <option key={name} value={name}>
                {t(`minigame.fair.games.${name}` as 'minigame.fair.games.dice')}
              </option>
            ))}
          </select>
        </label>
        <label className="sb-field">
          <span>{t('minigame.round')}</span>
          <input
            className="sb-input"
            inputMode="numeric"
            value={roundId}
            onChange={(e) => setRoundId(e.target.value.trim())}
            data-testid="verify-round"
          />
        </label>
        <button
          type="button"
          className="sb-btn sb-btn--primary"
          disabled={!/^\d+$/.test(roundId) || verify.isPending}
          onClick={() => verify.mutate({ game, roundId: Number(roundId) })}
          data-testid="verify-run"
        >
          {t('minigame.fair.verify')}
        </button>
      </div>
      {verify.isError && (
        <p className="sb-error" role="alert">
          {describeError(t, verify.error)}
        </p>
      )}
      {reply && (
        <div role="status" data-testid="verify-result">
          <p className={styles.code}>
            {t('minigame.fair.serverSeed')}: {reply.server_seed}
            <br />
            {t('minigame.fair.hash')}: {reply.seed_hash} ({hashMatches ? '✓' : '✗'})
            <br />
            {t('minigame.fair.clientSeed')}: {reply.client_seed} · nonce {reply.nonce}
          </p>
          <p className={styles.code}>{JSON.stringify(reply.outcome)}</p>
          <p>
            <strong>{verified ? t('minigame.fair.ok') : t('minigame.fair.mismatch')}</strong>
          </p>
        </div>
      )}
    </section>
  );
}
