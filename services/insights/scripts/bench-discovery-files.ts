/** The discovery benchmark's upload files, and the baseline they are measured against. */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import split2 from 'split2';
import { generateExampleTraffic, type SourceFormat } from '@tracemap/discovery';

/** Writes records as gzipped NDJSON as they come, so a million events never sit in memory. */
export async function writeNdjsonGz(file: string, records: Iterable<unknown>): Promise<void> {
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(file));
  let lines: string[] = [];
  for (const record of records) {
    lines.push(JSON.stringify(record));
    if (lines.length === 1000) {
      if (!gzip.write(lines.join('\n') + '\n')) await once(gzip, 'drain');
      lines = [];
    }
  }
  if (lines.length > 0) gzip.write(lines.join('\n') + '\n');
  gzip.end();
  await done;
}

/** The sample plan's example traffic in one format, `events` observed events in all. */
export function writeExampleTraffic(file: string, format: SourceFormat, events: number): Promise<void> {
  return writeNdjsonGz(file, generateExampleTraffic({ seed: 11, events, format }));
}

/** Segment track calls of `names` event names no plan knows, `perName` of each. */
export function* unplannedTracks(names: number, perName: number): Generator<Record<string, unknown>> {
  const start = Date.UTC(2026, 0, 1);
  for (let round = 0; round < perName; round += 1)
    for (let i = 0; i < names; i += 1)
      yield {
        type: 'track',
        event: `Bench Unplanned ${String(i).padStart(5, '0')}`,
        messageId: `bench-${round}-${i}`,
        anonymousId: `anon-${i % 97}`,
        timestamp: new Date(start + (round * names + i) * 1000).toISOString(),
        properties: { step: i % 13, label: `label-${i % 7}` },
        context: { app: { version: '1.0.0' } },
      };
}

/**
 * Seconds, CPU seconds and records of the plainest read of a file: gunzip, split lines, JSON.parse each.
 * CPU time is what the read itself took of the machine, whatever else ran beside it.
 */
export async function baselineParse(file: string): Promise<{ seconds: number; cpuSeconds: number; records: number }> {
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  let records = 0;
  const lines = createReadStream(file).pipe(createGunzip()).pipe(split2());
  for await (const line of lines as AsyncIterable<string>) {
    if (line.length === 0) continue;
    JSON.parse(line);
    records += 1;
  }
  const { user, system } = process.cpuUsage(cpu);
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, cpuSeconds: (user + system) / 1e6, records };
}

/** Runs this file in a child process with `args` and reads what it prints as JSON. */
function apart<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', __filename, ...args], (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as T);
    });
  });
}

/**
 * The baseline read in a child process: the service's memory is measured in this one, and a
 * read of the whole file here would leave its garbage in the figure.
 */
export function baselineParseApart(file: string): Promise<{ seconds: number; cpuSeconds: number; records: number }> {
  return apart(['baseline', file]);
}

/** `writeExampleTraffic` in a child process, for the same reason: generating leaves tens of MB behind. */
export async function writeExampleTrafficApart(file: string, format: SourceFormat, events: number): Promise<void> {
  await apart(['example-traffic', file, format, String(events)]);
}

if (require.main === module) {
  const [mode, file, format, events] = process.argv.slice(2);
  const work =
    mode === 'baseline'
      ? baselineParse(file)
      : writeExampleTraffic(file, format as SourceFormat, Number(events)).then(() => ({ written: file }));
  void work.then((result) => process.stdout.write(JSON.stringify(result)));
}
