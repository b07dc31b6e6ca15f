/** Sports catalogue: ids, names, models and groups; name generators and scoring profiles for the simulator. */
export * from './catalogue';
export * from './random';
export * from './generators';
export * from './profiles';
export { COMPETITIONS, GENERIC_COMPETITIONS, ESPORTS_COMPETITIONS } from './leagues';
export { CLUB_COUNTRIES, type ClubCountry } from './names-soccer';
