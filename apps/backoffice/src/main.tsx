import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/routes';
import { initI18n, storedLanguage } from './shared/i18n';
import { queryClient } from './shared/queryClient';
import './shared/ui.css';

async function start() {
  await initI18n(storedLanguage());
  const router = createBrowserRouter(routes, { basename: '/bo-app' });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
