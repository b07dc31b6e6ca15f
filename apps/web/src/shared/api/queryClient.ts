import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './client';
import { reactToError } from './errors';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorDialog?: boolean };
    mutationMeta: { errorDialog?: boolean };
  }
}

/** Codes worth one more try: the connection or the server hiccupped. */
const RETRYABLE = new Set(['requestFailed', 'requestTimeout', 'timeoutError']);

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    // Queries render their own error state; only session, view-only and connection reactions are global.
    queryCache: new QueryCache({
      onError: (error, query) => reactToError(error, { dialog: query.meta?.errorDialog }),
    }),
    // Mutations are user actions: their errors show a dialog unless the form shows them inline.
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) =>
        reactToError(error, { dialog: mutation.meta?.errorDialog ?? true }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 1 && isApiError(error) && RETRYABLE.has(error.code),
      },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();
