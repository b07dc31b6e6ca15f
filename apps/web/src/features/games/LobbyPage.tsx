import type { GameView } from '@sb/contract';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLocation } from 'react-router';
import { describeError } from '../../shared/api/errors';
import { openGameWindow } from '../../shared/popups';
import { refreshBalance } from '../../shared/session/balance';
import { useSession } from '../../shared/session/store';
import { QueryView } from '../../shared/ui/QueryView';
import { Tabs } from '../../shared/ui/Tabs';
import { launchGame, useGameList } from './api';
import { GameTile } from './GameTile';
import { LOBBIES, providerOfRoute } from './lobbies';
import { readMemory, rememberPlayed, toggleFavourite } from './memory';
import { RoundsPanel } from './RoundsPanel';
import styles from './games.module.css';

type View = 'all' | 'favourites' | 'recent';
/** Up to this width the provider is asked for its phone layout. */
const PHONE_MAX_WIDTH = 768;
type Tab = 'games' | 'rounds';

/** The lobby's name: numbered slot and "others" lobbies share one text with their number. */
function lobbyTitle(t: TFunction, route: string): string {
  const numbered = /^(slots|others)(\d+)$/.exec(route);
  if (numbered) return t(`products.${numbered[1] as 'slots' | 'others'}N`, { n: numbered[2] });
  return t(`products.${route}` as 'products.casino', { defaultValue: route });
}

/**
 * A game lobby (/casino, /slots, /slots2.., /fishing, /others...): provider tabs, categories, search,
 * favourites and recently played, tiles with generated art; a game opens in its own pop-up window on the
 * provider's host (closed on logout) and the balance refreshes when it closes and from the wallet's pushes.
 * The member's rounds of the product are the second tab.
 */
export function LobbyPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const route = pathname.split('/')[1] ?? '';
  const lobby = LOBBIES[route] ?? { product: 'slots' as const };
  const account = useSession((state) => state.account);
  const accountId = account?.info.account_id ?? '';
  const query = useGameList(lobby.product);
  const [tab, setTab] = useState<Tab>('games');
  const [provider, setProvider] = useState<string | null>(null);
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const [view, setView] = useState<View>('all');
  const [memory, setMemory] = useState(() => readMemory(accountId));
  const launch = useMutation({
    mutationFn: launchGame,
    meta: { errorDialog: false },
  });

  const providers = query.data?.providers ?? [];
  const chosenProvider = provider ?? providerOfRoute(lobby, providers);
  const games = useMemo(() => {
    const all = query.data?.games ?? [];
    const needle = search.trim().toLowerCase();
    const order = view === 'recent' ? memory.recent : view === 'favourites' ? memory.favourites : null;
    const filtered = all.filter(
      (game) =>
        (!chosenProvider || game.provider === chosenProvider) &&
        (!category || game.category === category) &&
        (!needle || game.name.toLowerCase().includes(needle)) &&
        (!order || order.includes(game.game_code)),
    );
    return order
      ? filtered.sort((a, b) => order.indexOf(a.game_code) - order.indexOf(b.game_code))
      : filtered;
  }, [query.data, chosenProvider, category, search, view, memory]);
  const categories = useMemo(
    () => [...new Set((query.data?.games ?? []).map((game) => game.category))].sort(),
    [query.data],
  );

  const play = (game: GameView, mode: 'real' | 'fun') => {
    // Opened inside the click (no pop-up blocker), sent to the game when the launch answers.
    const popup = openGameWindow(`sb_game_${game.game_code}`, () => void refreshBalance());
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
          if (popup && !popup.closed) popup.location.href = reply.url;
          else window.location.assign(reply.url);
          if (mode === 'real') setMemory(rememberPlayed(accountId, game.game_code));
        },
        onError: () => popup?.close(),
      },
    );
  };

  const productOff = account?.info.features?.live_casino === false && lobby.product === 'live_casino';
  const launchError = launch.error;
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
            <RoundsPanel product={lobby.product} currency={account?.info.currency ?? ''} />
          ) : (
            <>
              {launchError && (
                <p role="alert" className={styles.error} data-testid="launch-error">
                  {describeError(t, launchError)}
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
                              {item}
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
                        {t('games.noMatch')}
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
