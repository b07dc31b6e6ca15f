import type { MemberSettings } from '@sb/contract';
import { post } from '../api/client';
import { reactToError } from '../api/errors';
import { sessionBody, useSession } from '../session/store';

/** usersettings: the settings fields plus the session (spec section 7). */
export const saveMemberSettings = (settings: Partial<MemberSettings>) =>
  post('usersettings', { ...sessionBody(), ...settings });

/** For switches made outside the settings screen (language, theme): save, and only react globally. */
export function saveMemberSettingsQuietly(settings: Partial<MemberSettings>): void {
  if (!useSession.getState().account) return;
  saveMemberSettings(settings).catch((error: unknown) => reactToError(error));
}
