import { fileURLToPath } from 'node:url';
import { readReplayFile } from './read-file';

/** The shared real-data folder (../shared/data beside the repository), for tests. */
export const SHARED_DATA = fileURLToPath(new URL('../../../../../../../shared/data/', import.meta.url));

export function readShared(name: string): Promise<string> {
  return readReplayFile(`${SHARED_DATA}${name}`);
}
