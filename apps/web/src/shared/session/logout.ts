import { useSession } from './store';

/** Logout: the app's session watcher then clears balance and cached data and closes help windows. */
export const logout = (): void => useSession.getState().endSession('logout');
