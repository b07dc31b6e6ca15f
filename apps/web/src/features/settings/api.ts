import { post } from '../../shared/api/client';
import { sessionBody } from '../../shared/session/store';

export const changePassword = (current: string, next: string, confirm: string) =>
  post('changepassword', {
    ...sessionBody(),
    current_password: current,
    new_password: next,
    confirm_password: confirm,
  });

/** addsecondary: the one-time nickname. */
export const addNickname = (nickname: string) => post('addsecondary', { ...sessionBody(), nickname });
