/**
 * A small RFC 4180 reader: quoted fields (with "" escapes and embedded newlines), CRLF, LF or CR line ends, and a
 * leading UTF-8 byte-order mark (the 2024-25 football-data.co.uk downloads carry one). Lines with only empty
 * cells are skipped.
 */

const BOM = '\ufeff';

export interface CsvTable {
  readonly header: readonly string[];
  /** Each record with the 1-based line number it starts on (for error messages). */
  readonly records: readonly { readonly line: number; readonly cells: readonly string[] }[];
}

export function parseCsvRows(text: string): { line: number; cells: string[] }[] {
  const src = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(field);
    // A line with nothing on it is not a record: trailing newlines, and the ',,,,' rows spreadsheets leave.
    if (cells.some((c) => c !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    field = '';
  };
  for (let i = 0; i < src.length; i += 1) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line += 1;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      cells.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && src[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else field += ch;
  }
  if (field !== '' || cells.length > 0) endRow();
  return rows;
}

/** First record as the header; names trimmed. */
export function parseCsv(text: string): CsvTable {
  const rows = parseCsvRows(text);
  const first = rows[0];
  if (!first) return { header: [], records: [] };
  return { header: first.cells.map((h) => h.trim()), records: rows.slice(1) };
}

/** Cell accessor by column name; missing columns read as blank, so optional columns need no special case. */
export function columnReader(header: readonly string[]): (cells: readonly string[], name: string) => string {
  const index = new Map(header.map((name, i) => [name, i]));
  return (cells, name) => {
    const i = index.get(name);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
}
