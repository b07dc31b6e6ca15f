import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { App } from './app/App';
import { routes } from './app/routes';
import { wireSession } from './app/wiring';
import { applyBrandToDocument } from './shared/brand';
import { initI18n } from './shared/i18n';
import { refreshProfile } from './shared/session/profile';
import { useSession } from './shared/session/store';
import { persistLayout, useLayout } from './shared/settings/store';
import './shared/ui/kit.css';

async function start() {
  applyBrandToDocument();
  persistLayout();
  wireSession();
  // A session kept from an earlier visit is checked once: an expired one ends here with the spec's dialog.
  if (useSession.getState().account) void refreshProfile();
  document.documentElement.dataset.theme = useLayout.getState().theme;
  // The language's texts arrive before the first paint: no flash of untranslated keys.
  const texts = initI18n(useLayout.getState().pageDisplay.language);
  // The screen's chunks (e.g. the shell and /desktop) load while the texts do: the router asks for the same
  // modules again once it starts, and gets them from the module map instead of a second round trip.
  preloadRouteChunks();
  await texts;
  const router = createBrowserRouter(routes, { basename: '/' });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

function preloadRouteChunks(): void {
  // A visitor without a session is sent home from a guarded screen: only its chunks are worth fetching.
  if (!useSession.getState().account && window.location.pathname !== '/') return;
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const { lazy } = match.route;
    // A failed preload is the router's to report when it loads the route itself.
    if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => undefined);
  }
}

void start();
