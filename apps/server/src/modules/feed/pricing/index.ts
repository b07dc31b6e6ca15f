/** Pricing models for the live-odds feed: fair probabilities, margins, exact price strings, Myanmar prices. */
export * from './types';
export * from './price-format';
export * from './margin';
export * from './lines';
export * from './line-markets';
export * from './score-matrix';
export * from './soccer-model';
export * from './soccer-markets';
export * from './soccer-book';
export * from './fit';
export * from './myanmar';
export * from './normal';
export * from './spread-model';
export * from './poisson-sport';
export * from './rally-model';
export * from './moneyline';
export * from './event-pricing';
