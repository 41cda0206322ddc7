import { fromBuffer, type Entry } from 'yauzl';
import { startHarness, type Harness } from '../../support/harness';
import { api, planWorld, type PlanWorld } from '../plan-support';

/**
 * `GET /api/company/:companyId/codegen/typescript`: the company's plan as
 * typed code, as JSON or a zip, for every member, with hidden attributes left
 * out of viewers' code.
 */
let h: Harness;
let world: PlanWorld;
let plan: ReturnType<typeof api>;

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
  plan = api(h, world);
  const version = await plan.create('attributes', { name: 'app_version', scope: 'system', description: 'Build' });
  const area = await plan.create('attributes', {
    name: 'page_area',
    scope: 'view',
    description: 'Area',
    validation: { kind: 'enum', values: ['shop', 'blog'] },
  });
  const price = await plan.create('attributes', { name: 'price', type: 'number', description: 'Price' });
  const margin = await plan.create('attributes', {
    name: 'margin',
    type: 'number',
    description: 'Margin',
    exposed: false,
  });
  const added = await plan.create('events', {
    name: 'Product Added',
    description: 'Added to cart',
    attributes: [
      { attributeId: price.id, presence: 'required' },
      { attributeId: margin.id, presence: 'optional' },
    ],
  });
  const old = await plan.create('events', { name: 'Legacy Click', description: 'Old' });
  await plan.patch(`/events/${old.id}`, { status: 'archived' });
  await plan.create('views', {
    name: 'Product Page',
    description: 'Product detail',
    attributes: [{ attributeId: area.id, presence: 'required' }],
    events: [{ eventId: added.id }],
  });
  void version;
});
afterAll(async () => {
  await h?.close();
});

const fileOf = (body: { files: Array<{ path: string; content: string }> }, path: string) =>
  body.files.find((f) => f.path === path)?.content ?? '';

test('answers the files, the events’ symbols, the plan version and a hash of the files', async () => {
  const response = await plan.get('/codegen/typescript?destination=segment&validation=none');
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.files.map((f: { path: string }) => f.path)).toEqual([
    'tracemap/events.ts',
    'tracemap/index.ts',
    'tracemap/runtime.ts',
    'tracemap/views.ts',
  ]);
  expect(body.events).toEqual([
    {
      eventId: expect.any(String),
      name: 'Product Added',
      functionName: 'trackProductAdded',
      typeName: 'ProductAddedProperties',
    },
  ]);
  expect(fileOf(body, 'tracemap/events.ts')).toContain(
    'export function trackProductAdded(properties: ProductAddedProperties): void',
  );
  expect(fileOf(body, 'tracemap/events.ts')).toContain('readonly margin?: number;');
  expect(fileOf(body, 'tracemap/events.ts')).not.toContain('Legacy Click');
  expect(fileOf(body, 'tracemap/views.ts')).toContain("readonly page_area: 'shop' | 'blog';");
  expect(fileOf(body, 'tracemap/runtime.ts')).toContain('readonly app_version?: string;');
  expect(body.planVersion).toMatch(/^[\w-]{32}$/);
  expect(body.hash).toMatch(/^[\w-]{32}$/);
  expect(response.headers.etag).toBe(`"${body.hash}"`);
});

test('gives the same hash again, another for another destination, and validators only when asked', async () => {
  const first = (await plan.get('/codegen/typescript?destination=amplitude')).json();
  const again = (await plan.get('/codegen/typescript?destination=amplitude')).json();
  const gtag = (await plan.get('/codegen/typescript?destination=gtag&validation=dev')).json();
  expect(again.hash).toBe(first.hash);
  expect(gtag.hash).not.toBe(first.hash);
  expect(gtag.planVersion).toBe(first.planVersion);
  expect(first.files.map((f: { path: string }) => f.path)).not.toContain('tracemap/validators.ts');
  expect(fileOf(gtag, 'tracemap/validators.ts')).toContain('["product_added", [');
  expect(fileOf(gtag, 'tracemap/events.ts')).toContain("emit('track', 'product_added', properties)");
});

test('a viewer’s code leaves hidden attributes out; a change to the plan gives a new version', async () => {
  const viewer = (await plan.get('/codegen/typescript', world.viewer)).json();
  expect(fileOf(viewer, 'tracemap/events.ts')).not.toContain('margin');
  const before = (await plan.get('/codegen/typescript')).json();
  await plan.create('events', { name: 'Checkout Started', description: 'To checkout' });
  const after = (await plan.get('/codegen/typescript')).json();
  expect(after.planVersion).not.toBe(before.planVersion);
  expect(fileOf(after, 'tracemap/events.ts')).toContain('export function trackCheckoutStarted(): void');
});

test('format=zip answers the same files in a zip', async () => {
  const json = (await plan.get('/codegen/typescript?destination=mparticle&validation=dev')).json();
  const response = await plan.get('/codegen/typescript?destination=mparticle&validation=dev&format=zip');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toBe('attachment; filename="tracemap-mparticle.zip"');
  expect(await unzip(response.rawPayload)).toEqual(json.files);
});

test('with eventId, answers only that event’s part of the files, with the whole code’s hash', async () => {
  const whole = (await plan.get('/codegen/typescript')).json();
  const added = whole.events.find((e: { name: string }) => e.name === 'Product Added');
  const part = (await plan.get(`/codegen/typescript?eventId=${added.eventId}`)).json();
  expect(part.hash).toBe(whole.hash);
  expect(part.events).toEqual([added]);
  expect(part.files.map((f: { path: string }) => f.path)).toEqual(['tracemap/events.ts', 'tracemap/views.ts']);
  expect(fileOf(part, 'tracemap/events.ts').startsWith('// #region Product Added\n')).toBe(true);
  expect(fileOf(part, 'tracemap/views.ts')).toContain('trackProductAdded: (');
  expect(fileOf(whole, 'tracemap/events.ts')).toContain(fileOf(part, 'tracemap/events.ts').trimEnd());
  const unknown = (await plan.get('/codegen/typescript?eventId=00000000-0000-4000-8000-00000000beef')).json();
  expect(unknown).toMatchObject({ files: [], events: [], hash: whole.hash });
});

test('refuses an unknown destination', async () => {
  const response = await plan.get('/codegen/typescript?destination=mixpanel');
  expect(response.statusCode).toBe(400);
});

/** The files of a zip, read by an independent reader. */
function unzip(zip: Buffer): Promise<Array<{ path: string; content: string }>> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error) return reject(error);
      const files: Array<{ path: string; content: string }> = [];
      archive.on('entry', (entry: Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.push({ path: entry.fileName, content: Buffer.concat(chunks).toString('utf8') });
            archive.readEntry();
          });
        });
      });
      archive.on('end', () => resolve(files));
      archive.on('error', reject);
      archive.readEntry();
    });
  });
}
