import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** Anything a repository can run a query on: the database itself or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** An open transaction: services that move money or write several rows pass one of these down. */
export type Trx = Transaction<Database>;
