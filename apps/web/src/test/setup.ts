import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import en from '../locales/en.json';
import { queryClient } from '../shared/api/queryClient';
import { initI18n } from '../shared/i18n';
import { useSession } from '../shared/session/store';
import { defaultLayout, useLayout } from '../shared/settings/store';
import { useDialogs } from '../shared/ui/dialogs';
import { useTourState } from '../shared/tour';

// Tests render in English with the real texts, loaded without a fetch.
await initI18n('en', en);

afterEach(() => {
  cleanup();
  queryClient.clear();
  localStorage.clear();
  useSession.setState({ account: null, viewOnly: false, endReason: null, connectionFailed: false });
  useLayout.setState(defaultLayout());
  useDialogs.setState({ queue: [] });
  useTourState.setState({ open: false });
});
