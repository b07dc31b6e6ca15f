import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { routes } from './app/routes';
import { wireSession } from './app/wiring';
import { initI18n } from './shared/i18n';
import { refreshProfile } from './shared/session/profile';
import { useSession } from './shared/session/store';
import { persistLayout, useLayout } from './shared/settings/store';
import './shared/ui/kit.css';

async function start() {
  persistLayout();
  wireSession();
  // A session kept from an earlier visit is checked once: an expired one ends here with the spec's dialog.
  if (useSession.getState().account) void refreshProfile();
  document.documentElement.dataset.theme = useLayout.getState().theme;
  // The language's texts arrive before the first paint: no flash of untranslated keys.
  await initI18n(useLayout.getState().pageDisplay.language);
  const router = createBrowserRouter(routes, { basename: '/' });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void start();
