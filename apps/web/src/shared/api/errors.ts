import type { TFunction } from 'i18next';
import { isApiError } from './client';
import { useSession } from '../session/store';
import { showDialog } from '../ui/dialogs';

export interface ReactOptions {
  /** Show a dialog for error, warning, notice and quiet codes (forms show their errors inline instead). */
  dialog?: boolean;
}

/**
 * The catalogue's reactions (spec section 8), driven by each code's `reaction` in @sb/contract.
 * Session-invalid codes always end the session with a dialog; requestFailed marks the connection.
 */
export function reactToError(error: unknown, options: ReactOptions = {}): void {
  if (!isApiError(error)) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) console.error(error);
    return;
  }
  const { code, serverMessage } = error;
  const session = useSession.getState();
  switch (error.reaction) {
    case 'logout':
      if (session.account) {
        session.endSession(code);
        showDialog({ kind: 'warning', code, serverMessage });
      }
      return;
    case 'viewOnly':
      if (session.account && !session.viewOnly) {
        session.setViewOnly(true);
        showDialog({ kind: 'warning', code, serverMessage });
      }
      return;
    case 'failed':
      if (!session.connectionFailed) session.setConnectionFailed(true);
      return;
    case 'quiet':
      console.warn(`[api] ${code}`, serverMessage);
      if (options.dialog) showDialog({ kind: 'notice', code, serverMessage });
      return;
    case 'silent':
      return;
    case 'warning':
    case 'notice':
    case 'error':
      if (options.dialog) showDialog({ kind: error.reaction, code, serverMessage });
      return;
  }
}

/**
 * The text for a code: a statusdesc containing a space is a message already and shown as is; any other
 * code is translated, falling back to the server's message and then the code itself.
 */
export function errorText(t: TFunction, code: string, serverMessage = ''): string {
  if (code.includes(' ')) return code;
  const key = `errors.${code}`;
  const text = t(key as never, { defaultValue: '' }) as string;
  return text || serverMessage || code;
}

/** errorText for any thrown value. */
export function describeError(t: TFunction, error: unknown): string {
  if (isApiError(error)) return errorText(t, error.code, error.serverMessage);
  return errorText(t, 'systemError');
}
