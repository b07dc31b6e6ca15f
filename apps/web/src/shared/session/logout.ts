import { post } from '../api/client';
import { useSession } from './store';

/**
 * Logout: the session ends on the server (its token stops working and its open sockets close), then here;
 * the app's session watcher clears balance and cached data and closes help windows. The app forgets the
 * session whatever the server answers: a logout never waits on the network.
 */
export const logout = (): void => {
  const info = useSession.getState().account?.info;
  if (info) {
    post('logout', { account_id: info.account_id, session_token: info.session_token }).catch(() => undefined);
  }
  useSession.getState().endSession('logout');
};
