import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { queryClient } from '../shared/api/queryClient';

type Router = ReturnType<typeof createBrowserRouter>;

/** Providers: server state (TanStack Query) around the router. */
export function App({ router }: { router: Router }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
