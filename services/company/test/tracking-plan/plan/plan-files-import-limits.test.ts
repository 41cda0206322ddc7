import { randomUUID } from 'node:crypto';
import { IMPORT_BODY_LIMIT_BYTES, NATIVE_FORMAT, NATIVE_FORMAT_VERSION } from '@tracemap/contracts';
import { startHarness, createCompanyAs, type Harness } from '../../support/harness';
import { planWorld, type PlanWorld } from '../plan-support';

let h: Harness;
let world: PlanWorld;

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
});
afterAll(async () => {
  await h?.close();
});

const importFile = (companyId: string, format: 'native' | 'csv', body: string, dryRun = false, user = world.owner) =>
  h.call(user, {
    method: 'POST',
    url: `/api/company/${companyId}/tracking-plan/import?format=${format}&dryRun=${dryRun}`,
    headers: { 'content-type': format === 'csv' ? 'text/csv' : 'application/json' },
    payload: body,
  });

test('import files far above the usual body limit are read, up to IMPORT_BODY_LIMIT_BYTES', async () => {
  const empty = await createCompanyAs(h, world.owner);
  const attributes = Array.from({ length: 10_000 }, (_, i) => ({
    id: randomUUID(),
    name: `bulk_attribute_${i}`,
    displayName: `Bulk attribute ${i}`,
    description: `One of the ten thousand attributes of a large plan, number ${i}, with a description of a usual length`,
    scope: 'event',
    type: 'string',
    itemType: null,
    validation: { kind: 'none' },
    origin: '',
    exposed: true,
    nullable: false,
    pii: false,
    tags: ['bulk'],
    status: 'live',
    owners: [],
  }));
  const native = JSON.stringify({
    format: NATIVE_FORMAT,
    formatVersion: NATIVE_FORMAT_VERSION,
    attributes,
    events: [],
    views: [],
  });
  expect(native.length).toBeGreaterThan(3 * 1024 * 1024);
  const nativeDry = await importFile(empty, 'native', native, true);
  expect(nativeDry.statusCode).toBe(200);
  expect(nativeDry.json().added).toHaveLength(10_000);

  const header =
    'event,event_description,kind,attribute,scope,type,required,nullable,validation_kind,validation,origin,exposed,views,tags';
  const rows = Array.from(
    { length: 4_000 },
    (_, i) =>
      `Bulk Event ${i % 400},A bulk event of a large CSV file,track,bulk_csv_attribute_${i},event,string,true,false,,,,true,,bulk`,
  );
  const csv = [header, ...rows].join('\n');
  expect(csv.length).toBeGreaterThan(256 * 1024);
  const csvDry = await importFile(empty, 'csv', csv, true);
  expect(csvDry.statusCode).toBe(200);
  expect(csvDry.json().added).toHaveLength(4_400);

  const tooLarge = await importFile(empty, 'native', ' '.repeat(IMPORT_BODY_LIMIT_BYTES + 1), true);
  expect(tooLarge.statusCode).toBe(413);
});

test('wrong content type answers 415 and viewers cannot import', async () => {
  const wrong = await h.call(world.owner, {
    method: 'POST',
    url: `/api/company/${world.companyId}/tracking-plan/import?format=csv`,
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  expect(wrong.statusCode).toBe(415);
  expect((await importFile(world.companyId, 'native', '{}', true, world.viewer)).statusCode).toBe(403);
});
