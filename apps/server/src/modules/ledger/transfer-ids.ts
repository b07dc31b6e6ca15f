/**
 * Transfer ids are the ledger's idempotency keys, and one table holds them all. The system derives its own
 * from what they are about (`stake:<ref>`, `settle:<ref>:<gen>`, `reverse:<ref>:<gen>`, `reject:<ref>`,
 * `cancel:<ref>`, `shares:...`, and the module prefixes `game:`, `tour:`, `lot:`); callers (an agent's
 * `/bo/deposit`, `/bo/withdraw`, `/bo/setcredit`) choose theirs freely. So the two can never meet, a
 * caller's id is stored in a namespace of its own, `ext:<caller's account pk>:<id>`, and no system id may
 * start with `ext:` (asserted on every write). Scoping by the caller's pk also keeps two agents' ids apart:
 * one agent's `T1` is not another's.
 */
export const CALLER_TRANSFER_PREFIX = 'ext:';

/** An id chosen by a caller, with the account (pk) that chose it. */
export interface CallerTransferId {
  callerPk: string;
  id: string;
}

/** What a ledger write accepts as its id: a system id (a string), or a caller's id. */
export type TransferIdInput = string | CallerTransferId;

/** The id as stored: a system id as it is (checked), a caller's id inside its namespace. */
export function storedTransferId(input: TransferIdInput): string {
  if (typeof input === 'string') {
    assertSystemTransferId(input);
    return input;
  }
  if (!/^\d+$/.test(input.callerPk))
    throw new Error(`caller pk must be an account pk, got ${input.callerPk}`);
  return `${CALLER_TRANSFER_PREFIX}${input.callerPk}:${input.id}`;
}

/** A system-derived id must never enter the callers' namespace: that is a bug in the deriving module. */
export function assertSystemTransferId(transferId: string): void {
  if (transferId.startsWith(CALLER_TRANSFER_PREFIX)) {
    throw new Error(`system transfer id ${transferId} uses the callers' namespace ${CALLER_TRANSFER_PREFIX}`);
  }
}

/** The id to show people: a caller's id as the caller gave it, a system id as it is. */
export function displayTransferId(stored: string): string {
  if (!stored.startsWith(CALLER_TRANSFER_PREFIX)) return stored;
  const rest = stored.slice(CALLER_TRANSFER_PREFIX.length);
  const colon = rest.indexOf(':');
  return colon < 0 ? rest : rest.slice(colon + 1);
}
