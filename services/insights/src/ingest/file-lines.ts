import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/Pick';
import { streamArray } from 'stream-json/streamers/StreamArray';
import { streamValues } from 'stream-json/streamers/StreamValues';
import yauzl from 'yauzl';
import { IngestError } from './ingest-errors';
import { decompressedCap, type IngestLimits } from './ingest-limits';

export type Packing = 'plain' | 'gzip' | 'zip';

/** What a file is packed as, from its first bytes (whatever the client called it). */
export async function packingOf(filePath: string): Promise<Packing> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
    if (bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip';
    return 'plain';
  } finally {
    await handle.close();
  }
}

/** Counts unpacked bytes across all of a file's streams and stops them past the cap. */
class UnpackBudget {
  used = 0;
  constructor(readonly cap: number) {}

  /** Counts unpacked bytes read; throws past the cap. */
  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.cap) throw new IngestError('decompression_limit');
  }

  meter(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback: TransformCallback) => {
        this.used += chunk.length;
        if (this.used > this.cap) callback(new IngestError('decompression_limit'));
        else callback(null, chunk);
      },
    });
  }
}

const isGzipName = (name: string) => /\.gz$/i.test(name);

/**
 * The lines of a spooled upload, in runs (the lines one unpacked chunk
 * completes), in order across the entries of an archive, streamed: a gzip is
 * unpacked on the fly, a zip entry by entry (each possibly gzipped itself),
 * never more than the budget for the file's size. Runs rather than single
 * lines: a reader loops over them instead of awaiting each line.
 */
export async function* fileLineRuns(
  filePath: string,
  fileBytes: number,
  limits: IngestLimits,
): AsyncGenerator<string[], void, undefined> {
  const budget = new UnpackBudget(decompressedCap(limits, fileBytes));
  const packing = await packingOf(filePath);
  if (packing === 'zip') {
    for await (const entry of zipEntries(filePath, limits)) {
      const stream = isGzipName(entry.name) ? entry.stream.pipe(createGunzip()) : entry.stream;
      yield* lineRunsOf(stream, budget, limits);
    }
    return;
  }
  const raw = createReadStream(filePath);
  const stream = packing === 'gzip' ? raw.pipe(createGunzip()) : raw;
  if (packing === 'gzip') raw.on('error', (error) => stream.destroy(error));
  yield* lineRunsOf(stream, budget, limits);
}

/** The lines of a spooled upload one by one (see `fileLineRuns`). */
export async function* fileLines(
  filePath: string,
  fileBytes: number,
  limits: IngestLimits,
): AsyncGenerator<string, void, undefined> {
  for await (const run of fileLineRuns(filePath, fileBytes, limits)) yield* run;
}

/**
 * One record of an upload: a line of text (NDJSON, numbered by line) or, in a
 * JSON document spread over many lines (an array, a `{ batch: [...] }`),
 * one element already parsed, numbered by its place in the document.
 */
export type FileRecord = { number: number; text: string } | { number: number; value: unknown };

/**
 * Records of an upload in runs: lines of text, or elements of a JSON document
 * already parsed; `first` is the number of the run's first record.
 */
export type RecordRun = { first: number; texts: string[] } | { first: number; values: unknown[] };

/**
 * The records of a spooled upload, streamed, in runs. A file whose first line
 * is not JSON on its own but opens an array or an object is read as one JSON
 * document, element by element, never whole (except an object without a
 * `batch`, which is one record).
 */
export async function* fileRecordRuns(
  filePath: string,
  fileBytes: number,
  limits: IngestLimits,
): AsyncGenerator<RecordRun, void, undefined> {
  let number = 0;
  if (!(await isJsonDocument(filePath, fileBytes, limits))) {
    for await (const texts of fileLineRuns(filePath, fileBytes, limits)) {
      yield { first: number + 1, texts };
      number += texts.length;
    }
    return;
  }
  for await (const value of documentElements(filePath, fileBytes, limits, 'batch')) {
    yield { first: ++number, values: [value] };
  }
  if (number > 0) return;
  for await (const value of documentElements(filePath, fileBytes, limits, 'whole')) {
    yield { first: ++number, values: [value] };
  }
}

/** The records of a spooled upload one by one (see `fileRecordRuns`). */
export async function* fileRecords(
  filePath: string,
  fileBytes: number,
  limits: IngestLimits,
): AsyncGenerator<FileRecord, void, undefined> {
  for await (const run of fileRecordRuns(filePath, fileBytes, limits)) {
    if ('texts' in run) for (let i = 0; i < run.texts.length; i++) yield { number: run.first + i, text: run.texts[i] };
    else for (let i = 0; i < run.values.length; i++) yield { number: run.first + i, value: run.values[i] };
  }
}

async function isJsonDocument(filePath: string, fileBytes: number, limits: IngestLimits): Promise<boolean> {
  if ((await packingOf(filePath)) === 'zip') return false;
  for await (const line of fileLines(filePath, fileBytes, limits)) {
    const text = line.trim();
    if (text === '') continue;
    if (!text.startsWith('[') && !text.startsWith('{')) return false;
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }
  return false;
}

/** The elements of a top-level array or of a top-level object's `batch` array, or (`whole`) the top-level value. */
async function* documentElements(
  filePath: string,
  fileBytes: number,
  limits: IngestLimits,
  take: 'batch' | 'whole',
): AsyncGenerator<unknown> {
  const budget = new UnpackBudget(decompressedCap(limits, fileBytes));
  const raw = createReadStream(filePath);
  const packing = await packingOf(filePath);
  const stream = packing === 'gzip' ? raw.pipe(createGunzip()) : raw;
  if (packing === 'gzip') raw.on('error', (error) => stream.destroy(error));
  const meter = budget.meter();
  const tokens = parser();
  const first = await firstChar(filePath, fileBytes, limits);
  const elements =
    take === 'whole'
      ? streamValues()
      : first === '['
        ? streamArray()
        : tokens.pipe(pick({ filter: 'batch' })).pipe(streamArray());
  const end = take === 'whole' || first === '[' ? tokens.pipe(elements) : elements;
  const stages: Readable[] = [stream, meter, tokens];
  for (const stage of stages) stage.on('error', (error: unknown) => end.destroy(toIngestError(error)));
  stream.pipe(meter).pipe(tokens);
  try {
    for await (const item of end as AsyncIterable<{ value: unknown }>) yield item.value;
  } catch (error) {
    throw toIngestError(error);
  } finally {
    stream.destroy();
  }
}

async function firstChar(filePath: string, fileBytes: number, limits: IngestLimits): Promise<string> {
  for await (const line of fileLines(filePath, fileBytes, limits)) {
    const text = line.trim();
    if (text !== '') return text[0];
  }
  return '';
}

/**
 * Lines split at `\n` (a `\r` before it dropped), a run per chunk read. A line still unfinished
 * past `maxLineBytes` characters fails the file once the lines before it are handed out.
 */
async function* lineRunsOf(stream: Readable, budget: UnpackBudget, limits: IngestLimits): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.take(chunk.length);
      const lines = (rest + decoder.write(chunk)).split('\n');
      rest = lines.pop()!;
      if (lines.length > 0) {
        for (let i = 0; i < lines.length; i++) {
          const line = lines[i];
          if (line.charCodeAt(line.length - 1) === 13) lines[i] = line.slice(0, -1);
        }
        yield lines;
      }
      if (rest.length > limits.maxLineBytes) throw new IngestError('line_too_long');
    }
    rest += decoder.end();
    if (rest !== '') yield [rest];
  } catch (error) {
    throw toIngestError(error);
  } finally {
    stream.destroy();
  }
}

function toIngestError(error: unknown): Error {
  if (error instanceof IngestError) return error;
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR…): the file is not what its first bytes claim.
  if (typeof code === 'string' && code.startsWith('Z_')) return new IngestError('bad_archive');
  // stream-json's refusals of a document that is not JSON after all.
  if (/^Parser cannot parse input|^Parser has expected/.test(String(message))) return new IngestError('bad_json');
  return error instanceof Error ? error : new Error(String(message));
}

interface ZipEntry {
  name: string;
  stream: Readable;
}

/** The files of a zip, one at a time, after checking the archive's directory against the limits. */
async function* zipEntries(filePath: string, limits: IngestLimits): AsyncGenerator<ZipEntry> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (error, file) =>
      error || !file ? reject(new IngestError('bad_archive')) : resolve(file),
    ),
  );
  try {
    if (zip.entryCount > limits.maxEntries) throw new IngestError('too_many_entries');
    while (true) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const onEntry = (found: yauzl.Entry) => {
          zip.off('end', onEnd);
          zip.off('error', onError);
          resolve(found);
        };
        const onEnd = () => {
          zip.off('entry', onEntry);
          zip.off('error', onError);
          resolve(null);
        };
        const onError = () => {
          zip.off('entry', onEntry);
          zip.off('end', onEnd);
          reject(new IngestError('bad_archive'));
        };
        zip.once('entry', onEntry);
        zip.once('end', onEnd);
        zip.once('error', onError);
        zip.readEntry();
      });
      if (!entry) return;
      if (entry.fileName.endsWith('/')) continue;
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, opened) =>
          error || !opened ? reject(new IngestError('bad_archive')) : resolve(opened),
        ),
      );
      yield { name: entry.fileName, stream };
    }
  } finally {
    zip.close();
  }
}

/** Throws when a zip's directory alone shows it breaks the limits (read before anything is stored). */
export async function checkArchive(filePath: string, limits: IngestLimits): Promise<void> {
  if ((await packingOf(filePath)) !== 'zip') return;
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, autoClose: false }, (error, file) =>
      error || !file ? reject(new IngestError('bad_archive')) : resolve(file),
    ),
  );
  zip.close();
  if (zip.entryCount > limits.maxEntries) throw new IngestError('too_many_entries');
}
