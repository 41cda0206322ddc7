import Papa from 'papaparse';

/**
 * Cells a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or
 * carriage return first) are written with a leading quote so an exported plan
 * can be opened safely. A cell already made of quotes before such a character
 * gets one more, so that reading takes exactly one away from every guarded
 * cell and text of that shape survives the round trip too.
 */
const FORMULA_GUARDED = /^'*[=+\-@\t\r]/;
const GUARD_ADDED = /^'+[=+\-@\t\r]/;

/** The cell as it was before the export guarded it; other cells, like `'Tis`, stay as they are. */
const unguard = (cell: string): string => (GUARD_ADDED.test(cell) ? cell.slice(1) : cell);

/**
 * CSV records through papaparse (RFC 4180: quoted fields, doubled quotes,
 * CRLF or LF, a leading byte-order mark), without the formula guard.
 */
export function parseCsvRecords(text: string): string[][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const result = Papa.parse<string[]>(body, { skipEmptyLines: true });
  return result.data.map((record) => record.map(unguard));
}

/** Records as CSV text with CRLF line ends, as spreadsheets expect, formula-like cells guarded. */
export function unparseCsvRecords(records: string[][]): string {
  return Papa.unparse(records, { newline: '\r\n', escapeFormulae: FORMULA_GUARDED }) + '\r\n';
}
