import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import yazl from 'yazl';

/** A Segment track message as the apps in the tests send it. */
export function segmentTrack(index: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'track',
    event: index % 2 === 0 ? 'Product Viewed' : 'Order Completed',
    messageId: `m-${index}`,
    anonymousId: `a-${index % 7}`,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
    properties: { product_id: `p${index}`, price: index + 0.5 },
    context: { app: { version: '5.2.0' }, library: { name: 'analytics.js', version: '4.1.0' }, os: { name: 'iOS' } },
    ...overrides,
  };
}

export const ndjson = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

export async function writeZip(file: string, entries: Array<{ name: string; content: Buffer | string }>) {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(Buffer.from(entry.content), entry.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  await writeFile(file, Buffer.concat(chunks));
}

export async function writeGzip(file: string, content: string | Buffer) {
  await writeFile(file, gzipSync(Buffer.from(content)));
}

export const inDir = (dir: string, name: string) => path.join(dir, name);
