import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { initI18n } from '../shared/i18n';
import { queryClient } from '../shared/queryClient';
import { useSession } from '../shared/session';

// Tests render in English with the real texts.
await initI18n('en');

afterEach(() => {
  cleanup();
  queryClient.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  useSession.setState({ token: null, accountId: null, level: null });
});
