import { fuzzCalls } from './support/fuzz-suite';

/** Bad input on every member, public and wallet call (the back office's calls: fuzz-backoffice-calls). */
fuzzCalls('bad input on every member, public and wallet call', ['public', 'member', 'wallet']);
