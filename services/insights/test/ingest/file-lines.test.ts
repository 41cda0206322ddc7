import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { checkArchive, fileLines, fileRecords, packingOf } from '../../src/ingest/file-lines';
import { IngestError } from '../../src/ingest/ingest-errors';
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from '../../src/ingest/ingest-limits';
import { sniffFormat } from '../../src/ingest/sniff-format';
import { ndjson, segmentTrack, writeGzip, writeZip } from './support/fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'insights-lines-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const limits: IngestLimits = { ...DEFAULT_INGEST_LIMITS, ratioAllowanceBytes: 64 * 1024, maxRatio: 50, maxEntries: 3 };

async function linesOf(file: string, own: IngestLimits = limits): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of fileLines(file, (await stat(file)).size, own)) lines.push(line);
  return lines;
}

async function failureOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (error instanceof IngestError) return error.failure;
    throw error;
  }
  return 'none';
}

describe('reading an upload line by line', () => {
  it('reads plain, gzipped and zipped (entries gzipped or not) files to the same lines, numbered across entries', async () => {
    const records = [segmentTrack(1), segmentTrack(2), segmentTrack(3)];
    const plain = path.join(dir, 'plain.ndjson');
    await writeFile(plain, ndjson(records));
    const gz = path.join(dir, 'file.ndjson.gz');
    await writeGzip(gz, ndjson(records));
    const zip = path.join(dir, 'export.zip');
    await writeZip(zip, [
      { name: 'day1/part-0.json.gz', content: gzipSync(ndjson(records.slice(0, 2))) },
      { name: 'day1/part-1.json', content: ndjson(records.slice(2)) },
    ]);

    expect(await packingOf(plain)).toBe('plain');
    expect(await packingOf(gz)).toBe('gzip');
    expect(await packingOf(zip)).toBe('zip');
    const expected = records.map((r) => JSON.stringify(r));
    expect(await linesOf(plain)).toEqual(expected);
    expect(await linesOf(gz)).toEqual(expected);
    expect(await linesOf(zip)).toEqual(expected);
  });

  it('splits at CRLF or LF across chunk ends and multi-byte characters, and refuses a line past the cap', async () => {
    // Lines long enough to cross the stream's chunks, with characters of several bytes and CRLF endings.
    const long = (i: number) => JSON.stringify({ ...segmentTrack(i), note: `ünïcødé ✓ ${'x'.repeat(40_000 + i)}` });
    const text = [long(1), '', long(2), long(3)].join('\r\n') + '\nlast line without end\r';
    const file = path.join(dir, 'crlf.ndjson.gz');
    await writeGzip(file, text);
    const packedWell = { ...limits, maxRatio: 10_000 };
    expect(await linesOf(file, packedWell)).toEqual([long(1), '', long(2), long(3), 'last line without end\r']);
    expect(await failureOf(() => linesOf(file, { ...packedWell, maxLineBytes: 30_000 }))).toBe('line_too_long');
  });

  it('refuses a gzip bomb once it unpacks past its ratio', async () => {
    const bomb = path.join(dir, 'bomb.gz');
    // 20 MB of one repeated line packs to a few kilobytes.
    await writeGzip(bomb, `${JSON.stringify(segmentTrack(1))}\n`.repeat(60_000));
    expect((await stat(bomb)).size).toBeLessThan(200_000);
    expect(await failureOf(() => linesOf(bomb))).toBe('decompression_limit');
    // The same file is read whole where the limits allow it.
    expect(await linesOf(bomb, { ...limits, maxRatio: 10_000 })).toHaveLength(60_000);
  });

  it('refuses a zip with more entries than allowed from its directory, before reading any', async () => {
    const zip = path.join(dir, 'many.zip');
    await writeZip(
      zip,
      Array.from({ length: 4 }, (_, i) => ({ name: `part-${i}.json`, content: ndjson([segmentTrack(i)]) })),
    );
    expect(await failureOf(() => checkArchive(zip, limits))).toBe('too_many_entries');
    expect(await failureOf(() => linesOf(zip))).toBe('too_many_entries');
    await expect(checkArchive(zip, { ...limits, maxEntries: 4 })).resolves.toBeUndefined();
  });

  it('refuses a corrupt gzip as bad_archive', async () => {
    const broken = path.join(dir, 'broken.gz');
    const packed = gzipSync(ndjson([segmentTrack(1)]));
    await writeFile(broken, Buffer.concat([packed.subarray(0, 12), Buffer.from('not deflate at all')]));
    expect(await failureOf(() => linesOf(broken))).toBe('bad_archive');
  });

  it('names the format from the first record, and refuses an unknown one or an empty file', async () => {
    const segment = path.join(dir, 'segment.ndjson');
    await writeFile(segment, `\n${ndjson([segmentTrack(1)])}`);
    expect(await sniffFormat({ path: segment, bytes: 10 }, 'auto', limits)).toBe('segment');
    expect(await sniffFormat({ path: segment, bytes: 10 }, 'rudderstack', limits)).toBe('rudderstack');

    const unknown = path.join(dir, 'unknown.ndjson');
    await writeFile(unknown, ndjson([{ hello: 'world' }]));
    expect(await failureOf(() => sniffFormat({ path: unknown, bytes: 10 }, 'auto', limits))).toBe('unknown_format');
    const notJson = path.join(dir, 'text.csv');
    await writeFile(notJson, 'a,b,c\n1,2,3\n');
    expect(await failureOf(() => sniffFormat({ path: notJson, bytes: 10 }, 'auto', limits))).toBe('unknown_format');
    const empty = path.join(dir, 'empty.ndjson');
    await writeFile(empty, '\n\n');
    expect(await failureOf(() => sniffFormat({ path: empty, bytes: 2 }, 'auto', limits))).toBe('empty_upload');
  });
});

describe('reading a JSON document spread over many lines', () => {
  const records = [segmentTrack(1), segmentTrack(2), segmentTrack(3)];

  async function recordsOf(file: string) {
    const found: Array<{ number: number; value: unknown }> = [];
    for await (const record of fileRecords(file, (await stat(file)).size, limits)) {
      found.push({ number: record.number, value: 'text' in record ? JSON.parse(record.text) : record.value });
    }
    return found;
  }

  it('reads a pretty-printed array and a batch element by element, numbered by place', async () => {
    const array = path.join(dir, 'array.json');
    await writeFile(array, JSON.stringify(records, null, 2));
    const batch = path.join(dir, 'batch.json.gz');
    await writeGzip(batch, JSON.stringify({ batch: records, sentAt: 'now' }, null, 2));
    const expected = records.map((value, i) => ({ number: i + 1, value }));
    expect(await recordsOf(array)).toEqual(expected);
    expect(await recordsOf(batch)).toEqual(expected);
    expect(await sniffFormat({ path: array, bytes: 10 }, 'auto', limits)).toBe('segment');
  });

  it('reads any other pretty-printed object as one record, and NDJSON still line by line', async () => {
    const mparticle = {
      events: [{ event_type: 'custom_event', data: { event_name: 'Played' } }],
      environment: 'production',
    };
    const single = path.join(dir, 'single.json');
    await writeFile(single, JSON.stringify(mparticle, null, 2));
    expect(await recordsOf(single)).toEqual([{ number: 1, value: mparticle }]);
    const lines = path.join(dir, 'lines.json');
    await writeFile(lines, ndjson(records));
    expect((await recordsOf(lines)).map((r) => r.number)).toEqual([1, 2, 3]);
  });

  it('refuses a document that breaks off', async () => {
    const broken = path.join(dir, 'broken.json');
    await writeFile(broken, `[\n${JSON.stringify(records[0])},\n{"type": "track", "event": `);
    expect(await failureOf(() => recordsOf(broken))).toBe('bad_json');
  });
});
