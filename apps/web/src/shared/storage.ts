import { isWhiteLabel, pageBrand } from './config';

/**
 * Browser storage under the spec's keys. The prefix changes in white-label mode (the brand's own, so two
 * brands never share layout settings or accounts even on one origin).
 */
export const storagePrefix = (): string => {
  if (!isWhiteLabel()) return 'sb_';
  const code = pageBrand()?.code;
  return code ? `wl_${code}_` : 'wl_';
};

export const storageKey = (key: string): string => `${storagePrefix()}${key}`;

const store = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
};

export const readJson = <T>(key: string): T | undefined => {
  const raw = store()?.getItem(storageKey(key));
  if (raw == null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
};

/** Writes the value unless storage already holds exactly it (settings change often, mostly one key). */
export const writeJson = (key: string, value: unknown): void => {
  try {
    const json = JSON.stringify(value);
    const storage = store();
    if (storage && storage.getItem(storageKey(key)) !== json) storage.setItem(storageKey(key), json);
  } catch {
    // quota exceeded or storage disabled: settings stay in memory
  }
};

export const removeKey = (key: string): void => {
  store()?.removeItem(storageKey(key));
};
