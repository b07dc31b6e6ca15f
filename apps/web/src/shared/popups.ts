/**
 * Pop-up windows of the member app: help windows and game windows. All are closed on logout (spec section 2:
 * help windows; a game window is closed too, so no game plays on after the session ends).
 */
const open = new Map<string, Window>();

/** How often a game window is checked for being closed, and for how long at most (a long session). */
const WATCH_INTERVAL_MS = 1_000;
const WATCH_LIMIT_MS = 12 * 3_600_000;

export function openHelpWindow(url: string, name = 'sb_help'): void {
  const existing = open.get(name);
  if (existing && !existing.closed) {
    existing.location.href = url;
    existing.focus();
    return;
  }
  const popup = window.open(url, name, 'popup,width=900,height=700');
  if (popup) open.set(name, popup);
}

/** A game window as openGameWindow hands it out: `reused` when the game was already open in it. */
export interface GameWindow {
  popup: Window;
  reused: boolean;
}

/**
 * Opens (or reuses) a game window at once, inside the click that asked for it so no pop-up blocker stops it;
 * the caller sends it to the game's url when the launch answers. `onClosed` runs once when the member closes
 * it (the balance is refreshed then). Null when the browser blocked the pop-up.
 */
export function openGameWindow(name: string, onClosed: () => void): GameWindow | null {
  const existing = open.get(name);
  if (existing && !existing.closed) {
    existing.focus();
    return { popup: existing, reused: true };
  }
  const popup = window.open('about:blank', name, 'popup,width=1024,height=720');
  if (!popup) return null;
  open.set(name, popup);
  const started = Date.now();
  const timer = window.setInterval(() => {
    if (popup.closed) {
      window.clearInterval(timer);
      if (open.get(name) === popup) open.delete(name);
      onClosed();
    } else if (Date.now() - started > WATCH_LIMIT_MS) {
      // Watched long enough: no more checks, but the window stays listed so logout still closes it.
      window.clearInterval(timer);
    }
  }, WATCH_INTERVAL_MS);
  return { popup, reused: false };
}

/** Closes every help and game window (logout). */
export function closeHelpWindows(): void {
  for (const popup of open.values()) {
    if (!popup.closed) popup.close();
  }
  open.clear();
}
