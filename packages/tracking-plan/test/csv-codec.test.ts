import { parseCsvRecords, unparseCsvRecords } from '../src/csv-codec';

describe('parseCsvRecords', () => {
  it('reads plain and quoted fields', () => {
    expect(parseCsvRecords('a,b,c\n1,"two, too","say ""hi"""\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'two, too', 'say "hi"'],
    ]);
  });
  it('reads CRLF, a byte-order mark, line breaks in quotes and a missing final newline', () => {
    expect(parseCsvRecords('\ufeffa,b\r\n"line\none",x\r\nlast,')).toEqual([
      ['a', 'b'],
      ['line\none', 'x'],
      ['last', ''],
    ]);
  });
  it('skips empty lines', () => {
    expect(parseCsvRecords('a\n\nb\n\n')).toEqual([['a'], ['b']]);
  });
});

describe('unparseCsvRecords', () => {
  it('quotes only what needs it and round-trips', () => {
    const records = [
      ['event', 'validation'],
      ['Order Completed', '{"values":["a","b"]}'],
      ['x, y', ' padded '],
      ['multi\nline', ''],
    ];
    const text = unparseCsvRecords(records);
    expect(text.split('\r\n')[1]).toBe('Order Completed,"{""values"":[""a"",""b""]}"');
    expect(parseCsvRecords(text)).toEqual(records.map((r) => (r.every((f) => f === '') ? r : r)));
  });
});

describe('formula cells', () => {
  it('writes a cell a spreadsheet would run as a formula with a leading quote', () => {
    const text = unparseCsvRecords([
      ['event', 'description'],
      ['Signed Up', '=HYPERLINK("http://x")'],
    ]);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
  });
});
