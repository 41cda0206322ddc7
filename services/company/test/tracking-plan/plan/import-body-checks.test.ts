import { startHarness, type Harness } from '../../support/harness';
import { planCounts, planWorld, type PlanWorld } from '../plan-support';

let h: Harness;
let world: PlanWorld;

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
});
afterAll(async () => {
  await h?.close();
});

const CSV_HEADER =
  'event,event_description,kind,attribute,scope,type,required,nullable,validation_kind,validation,origin,exposed,views,tags';

const importBytes = (format: 'native' | 'csv', payload: Buffer) =>
  h.call(world.owner, {
    method: 'POST',
    url: `/api/company/${world.companyId}/tracking-plan/import?format=${format}`,
    headers: { 'content-type': format === 'csv' ? 'text/csv' : 'application/json' },
    payload,
  });

/** `text` with its "<E9>" replaced by the single byte 0xE9: Latin-1 é, which is not UTF-8. */
const latin1 = (text: string) => {
  const [head, tail] = text.split('<E9>');
  return Buffer.concat([Buffer.from(head), Buffer.from([0xe9]), Buffer.from(tail)]);
};

test('a CSV file that is not UTF-8 is refused with 400 invalid_text and nothing is imported', async () => {
  const before = await planCounts(h, world.companyId);
  const file = latin1(
    [CSV_HEADER, 'Caf<E9> Visited,Opened the café page,track,cafe_name,event,string,true,false,,,,true,,'].join('\n'),
  );
  const res = await importBytes('csv', file);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    statusCode: 400,
    code: 'invalid_text',
    message: 'body contains a character that is not allowed',
  });
  expect(await planCounts(h, world.companyId)).toEqual(before);
});

test('a native file that is not UTF-8 is refused with 400 invalid_text and nothing is imported', async () => {
  const created = await h.call(world.owner, {
    method: 'POST',
    url: `/api/company/${world.companyId}/attributes`,
    payload: { name: 'espresso_name', description: 'Cafe name' },
  });
  expect(created.statusCode).toBe(201);
  const exported = await h.call(world.owner, {
    method: 'GET',
    url: `/api/company/${world.companyId}/tracking-plan/export?format=native`,
  });
  expect(exported.statusCode).toBe(200);
  const before = await planCounts(h, world.companyId);
  const res = await importBytes('native', latin1(exported.body.replace('Cafe name', 'Caf<E9> name')));
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    statusCode: 400,
    code: 'invalid_text',
    message: 'body contains a character that is not allowed',
  });
  expect(await planCounts(h, world.companyId)).toEqual(before);
});

test('a native file nested 10,000 deep is refused with 400 body_too_deep and nothing is imported', async () => {
  const before = await planCounts(h, world.companyId);
  const res = await importBytes(
    'native',
    Buffer.from(`{"format":"tracemap-plan","attributes":${'['.repeat(10_000)}${']'.repeat(10_000)}}`),
  );
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    statusCode: 400,
    code: 'body_too_deep',
    message: 'The request body is nested too deeply (more than 64 levels).',
  });
  expect(await planCounts(h, world.companyId)).toEqual(before);
});

test('a CSV cell full of brackets is text, not nesting: the file is read', async () => {
  const file = [
    CSV_HEADER,
    `Bracket Event,${'['.repeat(100)},track,bracket_attr,event,string,true,false,,,,true,,`,
  ].join('\n');
  const res = await importBytes('csv', Buffer.from(file));
  expect(res.statusCode).toBe(200);
  expect(
    res
      .json()
      .added.map((e: { kind: string; name: string }) => `${e.kind}:${e.name}`)
      .sort(),
  ).toEqual(['attribute:bracket_attr', 'event:Bracket Event']);
});
