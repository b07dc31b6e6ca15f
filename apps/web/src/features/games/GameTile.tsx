import type { GameView } from '@sb/contract';
import { useTranslation } from 'react-i18next';
import { GameArt } from './GameArt';
import styles from './games.module.css';

/** One game in a lobby: art, name and studio, badges, and play / demo / favourite actions. */
export function GameTile({
  game,
  favourite,
  onPlay,
  onFavourite,
}: {
  game: GameView;
  favourite: boolean;
  onPlay: (game: GameView, mode: 'real' | 'fun') => void;
  onFavourite: (game: GameView) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className={styles.tile} data-testid="game-tile" data-game={game.game_code}>
      <button
        type="button"
        className={styles.art}
        disabled={game.maintenance}
        onClick={() => onPlay(game, 'real')}
        aria-label={t('games.play', { game: game.name })}
        data-testid={`play-${game.game_code}`}
      >
        <GameArt code={game.game_code} name={game.name} />
        {game.hot && <span className={`${styles.badge} ${styles.hot}`}>{t('games.hot')}</span>}
        {game.new && <span className={`${styles.badge} ${styles.fresh}`}>{t('games.new')}</span>}
        <span className={styles.playCue} aria-hidden="true">
          ▶
        </span>
        {game.maintenance && <span className={styles.maintenance}>{t('games.maintenance')}</span>}
      </button>
      <div className={styles.caption}>
        <span className={styles.name}>{game.name}</span>
        <span className={styles.studio}>{game.provider_name}</span>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className="sb-link"
          disabled={game.maintenance}
          onClick={() => onPlay(game, 'fun')}
          data-testid={`demo-${game.game_code}`}
        >
          {t('games.demo')}
        </button>
        <button
          type="button"
          className={styles.star}
          aria-pressed={favourite}
          aria-label={t(favourite ? 'games.unfavourite' : 'games.favourite', { game: game.name })}
          onClick={() => onFavourite(game)}
          data-testid={`favourite-${game.game_code}`}
        >
          {favourite ? '★' : '☆'}
        </button>
      </div>
    </li>
  );
}
