import { fileURLToPath } from 'node:url';
import { readReplayFile } from './read-file';

/** The real-season files kept in the repository (apps/server/data, sources and terms in its README). */
export const SEASON_DATA = fileURLToPath(new URL('../../../../data/', import.meta.url));

export function readSeasonFile(name: string): Promise<string> {
  return readReplayFile(`${SEASON_DATA}${name}`);
}
