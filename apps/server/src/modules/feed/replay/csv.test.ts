import { describe, expect, it } from 'vitest';
import { countCell, lineCell, priceCell, resultCell } from './cells';
import { columnReader, parseCsv, parseCsvRows } from './csv';

describe('parseCsvRows', () => {
  it('reads CRLF, LF and CR line ends alike and skips blank lines', () => {
    expect(parseCsvRows('a,b\r\n1,2\r\n\r\n,,\r\n3,4\n5,6\r7,8').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
      ['7', '8'],
    ]);
  });
  it('strips a UTF-8 byte-order mark', () => {
    const [header] = parseCsvRows('\ufeffDiv,Date\nD1,23/08/2024\n');
    expect(header?.cells[0]).toBe('Div');
  });
  it('handles quoted fields with commas, quotes and newlines, and keeps line numbers', () => {
    const rows = parseCsvRows('x,y\n"a, b","say ""hi"""\n"two\nlines",z\nlast,row');
    expect(rows.map((r) => r.cells)).toEqual([
      ['x', 'y'],
      ['a, b', 'say "hi"'],
      ['two\nlines', 'z'],
      ['last', 'row'],
    ]);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 3, 5]);
  });
  it('keeps blank cells, including trailing ones', () => {
    expect(parseCsvRows('a,,c,\n')[0]?.cells).toEqual(['a', '', 'c', '']);
  });
});

describe('parseCsv / columnReader', () => {
  it('reads by column name; unknown columns are blank', () => {
    const t = parseCsv('Div,HomeTeam\nE0, Burnley \n');
    const col = columnReader(t.header);
    const cells = t.records[0]?.cells ?? [];
    expect(col(cells, 'HomeTeam')).toBe('Burnley');
    expect(col(cells, 'Time')).toBe('');
  });
  it('an empty file has no header and no records', () => {
    expect(parseCsv('')).toEqual({ header: [], records: [] });
  });
});

describe('cells', () => {
  it('prices: exact strings with 2+ decimals; blank, 0 and <= 1 are no price', () => {
    expect(priceCell('8.0')).toBe('8.00');
    expect(priceCell('1.3')).toBe('1.30');
    expect(priceCell('1.95')).toBe('1.95');
    expect(priceCell('19')).toBe('19.00');
    expect(priceCell('1.005')).toBe('1.005');
    expect(priceCell('15.0')).toBe('15.00');
    for (const none of ['', '0', '0.0', '0.972', '1', 'n/a', '-2']) expect(priceCell(none)).toBeNull();
  });
  it('lines: quarter steps, level ball kept as 0', () => {
    expect(lineCell('-0.25')).toBe('-0.25');
    expect(lineCell('-2.0')).toBe('-2');
    expect(lineCell('0.0')).toBe('0');
    expect(lineCell('0')).toBe('0');
    expect(lineCell('1.5')).toBe('1.5');
    expect(lineCell('')).toBeNull();
    expect(lineCell('0.3')).toBeNull();
  });
  it('counts and results', () => {
    expect(countCell('2')).toBe(2);
    expect(countCell('2.0')).toBe(2);
    expect(countCell('')).toBeNull();
    expect(countCell('1.5')).toBeNull();
    expect(resultCell('H')).toBe('H');
    expect(resultCell('')).toBeNull();
  });
});
