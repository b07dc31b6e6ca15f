import type { LoginReply, MemberProfile } from '@sb/contract';
import { ApiError, post } from '../../shared/api/client';
import { saveMemberSettingsQuietly } from '../../shared/settings/api';
import { useLayout } from '../../shared/settings/store';
import { accountFromProfile, useSession } from '../../shared/session/store';

export type LoginCall = 'userlogin' | 'switchlogin';

/** A reply without the full profile is a failure (spec section 7). */
const profileOf = (reply: Partial<LoginReply>): MemberProfile => {
  if (!reply.member_profile || !accountFromProfile(reply.member_profile)) throw new ApiError('loginFailed');
  return reply.member_profile;
};

export const requestLogin = async (call: LoginCall, accountId: string, password: string) =>
  profileOf(await post<Partial<LoginReply>>(call, { account_id: accountId, password }));

export const requestLaunch = async (token: string) => {
  if (!token.trim()) throw new ApiError('token_required');
  return profileOf(await post<Partial<LoginReply>>('launch', { token }));
};

/**
 * Starts the session from a login, launch or switch reply. The member's saved settings apply, but the
 * language just picked on screen stays and is saved back.
 */
export function startSession(profile: MemberProfile): void {
  const language = useLayout.getState().pageDisplay.language;
  useSession.getState().signIn(profile);
  const saved = profile.player_info[0].settings;
  if (saved) {
    useLayout.getState().applyServerSettings(saved, language);
    if (saved.language !== language) saveMemberSettingsQuietly({ language });
  }
}
