/**
 * RFC 4180 CSV: comma-separated, fields quoted with `"` when they hold a comma,
 * a quote or a line break, quotes doubled inside. Reads CRLF or LF files and a
 * leading byte-order mark. Kept here rather than taken from a CSV library so
 * the browser bundle and the services share one small, dependency-free reader.
 */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    // A line with nothing on it is not a record.
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n') endRecord();
    else if (char === '\r') {
      if (text[i + 1] === '\n') i++;
      endRecord();
    } else field += char;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/** Records as CSV text with CRLF line ends, as spreadsheets expect. */
export function unparseCsvRecords(records: string[][]): string {
  return records.map((record) => record.map(quoteField).join(',')).join('\r\n') + '\r\n';
}

function quoteField(field: string): string {
  return /[",\r\n]|^\s|\s$/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
