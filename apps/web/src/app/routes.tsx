import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { routeOffered } from '../shared/brand';
import { PRODUCT_ROUTES } from '../shared/paths';
import { withTimeout } from '../shared/lazy';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { RouteFallback } from './RouteFallback';

/** A lazily loaded screen: the chunk loads on demand with the spec's 120 s time-out. */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await withTimeout(load())) });

const comingSoon = screen(
  () => import('../features/products/ComingSoonPage'),
  (module) => module.ComingSoonPage,
);

const OWN_GAME_ROUTES = new Set<string>(['w4d', 'minigame', 'ngresult']);
/** Provider game lobbies (features/games/lobbies.ts LOBBIES, restated so the first chunk stays small). */
const LOBBY_ROUTES = new Set<string>([
  'casino',
  'casino100',
  'slots',
  ...[2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15].map((n) => `slots${n}`),
  'fishing',
  'others',
  'others1',
]);
const lobby = screen(
  () => import('../features/games/LobbyPage'),
  (m) => m.LobbyPage,
);

/** A product the brand does not offer leads home instead (its menu entry is not shown either). */
const offeredOnly = (children: RouteObject[]): RouteObject[] =>
  children.map((route) =>
    route.path !== undefined && !routeOffered(route.path)
      ? { path: route.path, element: <Navigate to="/" replace /> }
      : route,
  );

/** Routes exactly as the spec's table (section 2); history mode, base '/'. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RouteFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        index: true,
        lazy: screen(
          () => import('./routes/HomeRoute'),
          (module) => module.HomeRoute,
        ),
      },
      {
        path: 'maintenance',
        lazy: screen(
          () => import('../features/system/MaintenancePage'),
          (module) => module.MaintenancePage,
        ),
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: screen(
              () => import('./shell/AppShell'),
              (module) => module.AppShell,
            ),
            children: offeredOnly([
              {
                path: 'desktop',
                lazy: screen(
                  () => import('../features/sportsbook/DesktopPage'),
                  (module) => module.DesktopPage,
                ),
              },
              {
                path: 'tournament2',
                children: [
                  { index: true, element: <Navigate to="home" replace /> },
                  {
                    path: 'home',
                    lazy: screen(
                      () => import('../features/tournament/TournamentHome'),
                      (module) => module.TournamentHome,
                    ),
                  },
                  {
                    path: 'room/:roomid',
                    lazy: screen(
                      () => import('../features/tournament/RoomPage'),
                      (module) => module.RoomPage,
                    ),
                  },
                  { path: '*', element: <Navigate to="/tournament2/home" replace /> },
                ],
              },
              {
                path: 'highlight',
                children: [
                  { index: true, element: <Navigate to="home" replace /> },
                  { path: 'home', lazy: comingSoon },
                  { path: '*', lazy: comingSoon },
                ],
              },
              {
                path: 'info',
                lazy: screen(
                  () => import('./InfoLayout'),
                  (module) => module.InfoLayout,
                ),
                children: [
                  { index: true, element: <Navigate to="settings" replace /> },
                  {
                    path: 'sysparlay',
                    lazy: screen(
                      () => import('../features/account/sysparlay/SysParlayPage'),
                      (m) => m.SysParlayPage,
                    ),
                  },
                  {
                    path: 'settings',
                    lazy: screen(
                      () => import('../features/settings/SettingsPage'),
                      (m) => m.SettingsPage,
                    ),
                  },
                  {
                    path: 'betlist',
                    lazy: screen(
                      () => import('../features/account/betlist/BetListPage'),
                      (m) => m.BetListPage,
                    ),
                  },
                  {
                    path: 'statement',
                    lazy: screen(
                      () => import('../features/account/statement/StatementPage'),
                      (m) => m.StatementPage,
                    ),
                  },
                  {
                    path: 'gamereport',
                    lazy: screen(
                      () => import('../features/games/GameReportPage'),
                      (m) => m.GameReportPage,
                    ),
                  },
                  {
                    path: 'result',
                    lazy: screen(
                      () => import('../features/account/results/ResultsPage'),
                      (m) => m.ResultsPage,
                    ),
                  },
                  {
                    path: 'message',
                    lazy: screen(
                      () => import('../features/messages/MessagesPage'),
                      (m) => m.MessagesPage,
                    ),
                  },
                  {
                    path: 'rules',
                    lazy: screen(
                      () => import('../features/rules/RulesPage'),
                      (m) => m.RulesPage,
                    ),
                  },
                ],
              },
              {
                path: 'w4d',
                lazy: screen(
                  () => import('../features/lottery/LotteryPage'),
                  (m) => m.LotteryPage,
                ),
              },
              {
                path: 'ngresult',
                lazy: screen(
                  () => import('../features/ngresult/NgResultPage'),
                  (m) => m.NgResultPage,
                ),
              },
              {
                path: 'minigame',
                lazy: screen(
                  () => import('../features/minigame/MiniGamePage'),
                  (m) => m.MiniGamePage,
                ),
              },
              {
                path: 'racing',
                lazy: screen(
                  () => import('../features/sportsbook/RacingPage'),
                  (m) => m.RacingPage,
                ),
              },
              // Provider games have their lobbies, our own games their screens; the rest still show the notice.
              ...PRODUCT_ROUTES.filter((path) => !OWN_GAME_ROUTES.has(path)).map((path) => ({
                path,
                lazy: LOBBY_ROUTES.has(path) ? lobby : comingSoon,
              })),
            ]),
          },
        ],
      },
      {
        path: '*',
        lazy: screen(
          () => import('../features/system/NotFoundPage'),
          (module) => module.NotFoundPage,
        ),
      },
    ],
  },
];
