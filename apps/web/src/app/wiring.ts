import { setOnAnswered } from '../shared/api/client';
import { queryClient } from '../shared/api/queryClient';
import { closeHelpWindows } from '../shared/popups';
import { useSession } from '../shared/session/store';
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
  return () => {
    unsubscribe();
    setOnAnswered(null);
  };
}
