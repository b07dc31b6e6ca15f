import { fuzzCalls } from './support/fuzz-suite';

/** Bad input on every back-office call (member, public and wallet calls: fuzz-member-calls). */
fuzzCalls('bad input on every back-office call', ['bo']);
