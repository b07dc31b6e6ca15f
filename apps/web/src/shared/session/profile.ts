import type { LoginReply } from '@sb/contract';
import { post } from '../api/client';
import { reactToError } from '../api/errors';
import { sessionBody, useSession } from './store';

let inflight: Promise<void> | null = null;

/** Profile refresh (userprofile); 'no_changes' is tolerated silently. One call at a time. */
export function refreshProfile(): Promise<void> {
  if (inflight) return inflight;
  if (!useSession.getState().account) return Promise.resolve();
  inflight = post<Partial<LoginReply>>('userprofile', sessionBody())
    .then((reply) => {
      if (reply.statusdesc !== 'no_changes' && reply.member_profile) {
        useSession.getState().updateProfile(reply.member_profile);
      }
    })
    .catch((error: unknown) => reactToError(error))
    .finally(() => {
      inflight = null;
    });
  return inflight;
}
