/** Help windows open as browser pop-ups and are closed on logout (spec section 2). */
const open = new Map<string, Window>();

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

export function closeHelpWindows(): void {
  for (const popup of open.values()) {
    if (!popup.closed) popup.close();
  }
  open.clear();
}
