import { readJson, removeKey, writeJson } from '../storage';

/** Remember-me: the username only (never the password), stored apart from the account and the layout. */
export interface Remembered {
  remember: boolean;
  account_id: string;
}

export const readRemembered = (): Remembered => {
  const stored = readJson<Partial<Remembered>>('rememberMe');
  return {
    remember: stored?.remember === true,
    account_id: typeof stored?.account_id === 'string' ? stored.account_id : '',
  };
};

export const writeRemembered = (remember: boolean, accountId: string): void => {
  if (remember) writeJson('rememberMe', { remember: true, account_id: accountId });
  else removeKey('rememberMe');
};
