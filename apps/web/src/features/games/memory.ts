import { readJson, writeJson } from '../../shared/storage';

/** How many recently played games a member keeps (oldest dropped first). */
export const RECENT_MAX = 12;
/** A bound on favourites, so a stored list never grows without end. */
export const FAVOURITES_MAX = 100;

interface GameMemory {
  favourites: string[];
  recent: string[];
}

const keyOf = (accountId: string) => `games_${accountId.toLowerCase()}`;

/** The member's favourites and recently played games, kept in this browser (per member). */
export function readMemory(accountId: string): GameMemory {
  const stored = readJson<Partial<GameMemory>>(keyOf(accountId));
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return {
    favourites: list(stored?.favourites).slice(0, FAVOURITES_MAX),
    recent: list(stored?.recent).slice(0, RECENT_MAX),
  };
}

export function toggleFavourite(accountId: string, gameCode: string): GameMemory {
  const memory = readMemory(accountId);
  const favourites = memory.favourites.includes(gameCode)
    ? memory.favourites.filter((code) => code !== gameCode)
    : [gameCode, ...memory.favourites].slice(0, FAVOURITES_MAX);
  const next = { ...memory, favourites };
  writeJson(keyOf(accountId), next);
  return next;
}

export function rememberPlayed(accountId: string, gameCode: string): GameMemory {
  const memory = readMemory(accountId);
  const recent = [gameCode, ...memory.recent.filter((code) => code !== gameCode)].slice(0, RECENT_MAX);
  const next = { ...memory, recent };
  writeJson(keyOf(accountId), next);
  return next;
}
