import Papa from 'papaparse';

/**
 * CSV records through papaparse (RFC 4180: quoted fields, doubled quotes,
 * CRLF or LF, a leading byte-order mark). Cells that a spreadsheet would run
 * as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) are written
 * with a leading quote so an exported plan can be opened safely.
 */
export function parseCsvRecords(text: string): string[][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const result = Papa.parse<string[]>(body, { skipEmptyLines: true });
  return result.data;
}

/** Records as CSV text with CRLF line ends, as spreadsheets expect. */
export function unparseCsvRecords(records: string[][]): string {
  return Papa.unparse(records, { newline: '\r\n', escapeFormulae: true }) + '\r\n';
}
