/** Real-season replay: parsers for football-data.co.uk, openfootball and tennis-data files, and the timeline. */
export * from './cells';
export * from './csv';
export * from './uk-time';
export * from './football-data';
export * from './openfootball';
export * from './tennis-data';
export * from './goals';
export * from './price-path';
export * from './schedule';
export { readReplayFile } from './read-file';
