import type { GameMode, GameView } from '@sb/contract';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { describeError } from '../../shared/api/errors';
import { queryClient } from '../../shared/api/queryClient';
import { PATHS } from '../../shared/paths';
import { openGameWindow } from '../../shared/popups';
import { refreshBalance } from '../../shared/session/balance';
import { useSession } from '../../shared/session/store';
import { QueryView } from '../../shared/ui/QueryView';
import { Tabs } from '../../shared/ui/Tabs';
import { launchGame, useGameList } from './api';
import { GameTile } from './GameTile';
import { categoryKey, filterGames, LOBBIES, providerOfRoute, type Lobby, type LobbyFilter } from './lobbies';
import { readMemory, rememberPlayed, toggleFavourite } from './memory';
import { RoundsPanel } from './RoundsPanel';
import styles from './games.module.css';

/** Up to this width the provider is asked for its phone layout. */
const PHONE_MAX_WIDTH = 768;
type Tab = 'games' | 'rounds';

/** The lobby's name: numbered slot and "others" lobbies share one text with their number. */
function lobbyTitle(t: TFunction, route: string): string {
  const numbered = /^(slots|others)(\d+)$/.exec(route);
  if (numbered) return t(`products.${numbered[1] as 'slots' | 'others'}N`, { n: numbered[2] });
  return t(`products.${route}` as 'products.casino', { defaultValue: route });
}

/** A category in the member's language when the lobby knows it, else as the provider names it. */
export function categoryLabel(t: TFunction, category: string): string {
  const key = categoryKey(category);
  return key ? t(`games.categories.${key}`) : category;
}

/**
 * A game lobby (/casino, /slots, /slots2.., /fishing, /others...): provider tabs, categories, search,
 * favourites and recently played, tiles with generated art; a game opens in its own pop-up window on the
 * provider's host (closed on logout) and the balance refreshes when it closes and from the wallet's pushes.
 * The member's rounds of the product are the second tab (?tab=rounds). Each route is its own lobby: moving
 * from /slots to /slots2 starts afresh on that route's studio.
 */
export function LobbyPage() {
  const { pathname } = useLocation();
  const route = pathname.split('/')[1] ?? '';
  return <LobbyScreen key={route} route={route} lobby={LOBBIES[route] ?? { product: 'slots' }} />;
}

function LobbyScreen({ route, lobby }: { route: string; lobby: Lobby }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const account = useSession((state) => state.account);
  const accountId = account?.info.account_id ?? '';
  const query = useGameList(lobby.product);
  const tab: Tab = params.get('tab') === 'rounds' ? 'rounds' : 'games';
  const setTab = (next: Tab) => setParams(next === 'rounds' ? { tab: next } : {}, { replace: true });
  const [provider, setProvider] = useState<string | null>(null);
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const [view, setView] = useState<LobbyFilter['view']>('all');
  const [memory, setMemory] = useState(() => readMemory(accountId));
  const launch = useMutation({
    mutationFn: launchGame,
    meta: { errorDialog: false },
  });

  const providers = query.data?.providers ?? [];
  const chosenProvider = provider ?? providerOfRoute(lobby, providers);
  const games = useMemo(
    () => filterGames(query.data?.games ?? [], { provider: chosenProvider, category, search, view }, memory),
    [query.data, chosenProvider, category, search, view, memory],
  );
  const categories = useMemo(
    () => [...new Set((query.data?.games ?? []).map((game) => game.category))].sort(),
    [query.data],
  );

  const play = (game: GameView, mode: GameMode) => {
    // Opened inside the click (no pop-up blocker), sent to the game when the launch answers. When the member
    // closes it, the balance and the rounds are read again.
    const opened = openGameWindow(`sb_game_${game.game_code}`, () => {
      void refreshBalance();
      void queryClient.invalidateQueries({ queryKey: ['account', 'games'] });
    });
    launch.mutate(
      {
        product: lobby.product,
        game_code: game.game_code,
        mode,
        lang: i18n.language,
        platform: window.innerWidth <= PHONE_MAX_WIDTH ? 'mobile' : 'desktop',
      },
      {
        onSuccess: (reply) => {
          if (opened && !opened.popup.closed) opened.popup.location.href = reply.url;
          // A blocked pop-up: the game opens here, and the provider's lobby link comes back.
          else window.location.assign(reply.url);
          if (mode === 'real') setMemory(rememberPlayed(accountId, game.game_code));
        },
        // A game already playing in its window keeps playing; a window opened for this launch goes.
        onError: () => {
          if (opened && !opened.reused) opened.popup.close();
        },
      },
    );
  };

  const productOff = account?.info.features?.live_casino === false && lobby.product === 'live_casino';
  const tabs = (['games', 'rounds'] as const).map((key) => ({ key, label: t(`games.tabs.${key}`) }));
  const views = (['all', 'favourites', 'recent'] as const).map((key) => ({
    key,
    label: t(`games.views.${key}`),
  }));

  return (
    <section className={styles.page} aria-labelledby="lobby-title" data-testid="game-lobby">
      <h1 id="lobby-title">{lobbyTitle(t, route)}</h1>
      {productOff ? (
        <p className="sb-notice sb-notice--warning" role="status" data-testid="product-disabled">
          {t('errors.liveCasinoDisabled')}
        </p>
      ) : (
        <>
          <Tabs items={tabs} value={tab} onChange={setTab} label={t('games.title')} idPrefix="lobby" />
          {tab === 'rounds' ? (
            <>
              <RoundsPanel product={lobby.product} />
              <p>
                <Link to={`${PATHS.gameReport}?product=${lobby.product}`} data-testid="open-game-report">
                  {t('games.fullReport')}
                </Link>
              </p>
            </>
          ) : (
            <>
              {launch.error && (
                <p role="alert" className={styles.error} data-testid="launch-error">
                  {describeError(t, launch.error)}
                </p>
              )}
              <QueryView query={query} isEmpty={(reply) => reply.games.length === 0} empty={t('games.none')}>
                {() => (
                  <>
                    <nav className={styles.providers} aria-label={t('games.providers')}>
                      <button
                        type="button"
                        aria-pressed={chosenProvider === ''}
                        onClick={() => setProvider('')}
                        data-testid="provider-all"
                      >
                        {t('games.allProviders')}
                      </button>
                      {providers.map((item) => (
                        <button
                          key={item.code}
                          type="button"
                          aria-pressed={chosenProvider === item.code}
                          onClick={() => setProvider(item.code)}
                          data-testid={`provider-${item.code}`}
                        >
                          {item.name} <small>({item.game_count})</small>
                        </button>
                      ))}
                    </nav>
                    <div className="sb-filters">
                      <label className="sb-inline-field">
                        <span>{t('games.category')}</span>
                        <select
                          value={category}
                          onChange={(e) => setCategory(e.target.value)}
                          data-testid="game-category"
                        >
                          <option value="">{t('games.allCategories')}</option>
                          {categories.map((item) => (
                            <option key={item} value={item}>
                              {categoryLabel(t, item)}
                            </option>
                          ))}
                        </select>
                      </label>
                      <label className="sb-inline-field">
                        <span>{t('games.search')}</span>
                        <input
                          type="search"
                          maxLength={40}
                          value={search}
                          onChange={(e) => setSearch(e.target.value)}
                          data-testid="game-search"
                        />
                      </label>
                      <div className={styles.views} role="group" aria-label={t('games.show')}>
                        {views.map((item) => (
                          <button
                            key={item.key}
                            type="button"
                            aria-pressed={view === item.key}
                            onClick={() => setView(item.key)}
                            data-testid={`view-${item.key}`}
                          >
                            {item.label}
                          </button>
                        ))}
                      </div>
                    </div>
                    {games.length === 0 ? (
                      <p className="sb-empty" role="status" data-testid="no-games">
                        {view === 'favourites'
                          ? t('games.noFavourites')
                          : view === 'recent'
                            ? t('games.noRecent')
                            : t('games.noMatch')}
                      </p>
                    ) : (
                      <ul className={styles.grid}>
                        {games.map((game) => (
                          <GameTile
                            key={game.game_code}
                            game={game}
                            favourite={memory.favourites.includes(game.game_code)}
                            onPlay={play}
                            onFavourite={(item) => setMemory(toggleFavourite(accountId, item.game_code))}
                          />
                        ))}
                      </ul>
                    )}
                  </>
                )}
              </QueryView>
            </>
          )}
        </>
      )}
    </section>
  );
}
