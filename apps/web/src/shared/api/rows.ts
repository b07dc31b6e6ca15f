/** Reads a list reply whose array field name is not pinned yet: the first array found, else []. */
export const rowsOf = <T>(
  reply: object,
  preferred: readonly string[] = ['data', 'list', 'rows', 'items'],
): T[] => {
  const record = reply as Record<string, unknown>;
  for (const key of preferred) {
    const value = record[key];
    if (Array.isArray(value)) return value as T[];
  }
  for (const value of Object.values(record)) {
    if (Array.isArray(value)) return value as T[];
  }
  return [];
};

/** A field that the server may name in more than one way; the first present wins. */
export const pick = (row: object, ...keys: string[]): string => {
  const record = row as Record<string, unknown>;
  for (const key of keys) {
    const value = record[key];
    if (value !== undefined && value !== null && value !== '') return String(value);
  }
  return '';
};
