import { setOnAnswered } from '../shared/api/client';
import { queryClient } from '../shared/api/queryClient';
import { closeHelpWindows } from '../shared/popups';
import { useSession } from '../shared/session/store';
import { storageKey } from '../shared/storage';
import { closeTour } from '../shared/tour';

/** App-wide reactions to the session, wired once at start. Returns an undo for tests. */
export function wireSession(): () => void {
  // Logout or a session-invalid code: balance and every cached reply go, help windows close.
  const unsubscribe = useSession.subscribe((state, previous) => {
    if (previous.account && !state.account) {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'version' });
      closeHelpWindows();
      closeTour();
    }
  });
  // Any answered call proves the connection is back.
  setOnAnswered(() => {
    if (useSession.getState().connectionFailed) useSession.getState().setConnectionFailed(false);
  });
  // Another tab logged in, out or switched account: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey('account')) void useSession.persist.rehydrate();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('storage', onStorage);
    unsubscribe();
    setOnAnswered(null);
  };
}
