import { readFile } from 'node:fs/promises';

/** The only I/O of the replay: a file's text, as is (the parsers deal with BOM and line ends). */
export async function readReplayFile(path: string): Promise<string> {
  return readFile(path, 'utf8');
}
