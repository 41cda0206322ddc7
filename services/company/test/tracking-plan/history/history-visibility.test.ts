import { randomUUID } from 'node:crypto';
import { startHarness, type Harness } from '../../support/harness';
import { api, planWorld, type PlanWorld } from '../plan-support';

let h: Harness;
let world: PlanWorld;
let plan: ReturnType<typeof api>;

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
  plan = api(h, world);
});
afterAll(async () => {
  await h?.close();
});

const unique = (name: string) => `${name}_${randomUUID().slice(0, 6)}`;
const enumAttribute = (name: string, exposed: boolean, scope = 'event') =>
  plan.create(
    'attributes',
    { name: unique(name), scope, exposed, validation: { kind: 'enum', values: ['a', 'b', 'c'] } },
    world.creator,
  );

type Change = { field: string; before: unknown; after: unknown };
type Entry = { action: string; changes: Change[] };

async function historyText(path: string, user = world.viewer) {
  const response = await plan.get(`${path}/history`, user);
  expect(response.statusCode).toBe(200);
  return { text: JSON.stringify(response.json()), items: response.json().items as Entry[] };
}

/**
 * Made by an editor with a visible and a hidden link (the hidden one overridden), then
 * changed twice: once in a visible field and the hidden link's override, once in the hidden link alone.
 */
async function assertHistoryHidesAttribute(kind: 'events' | 'views' | 'maps', scope: string, extra: object = {}) {
  const hidden = await enumAttribute('hidden_attr', false, scope);
  const shown = await enumAttribute('shown_attr', true, scope);
  const links = (override: string[]) => [
    { attributeId: shown.id, presence: 'required' },
    { attributeId: hidden.id, presence: 'optional', validationOverride: { kind: 'enum', values: override } },
  ];
  const created = await plan.post(
    `/${kind}`,
    { name: unique('History Item'), ...extra, attributes: links(['a', 'b']) },
    world.creator,
  );
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  const first = await plan.patch(
    `/${kind}/${id}`,
    { description: 'Changed once', attributes: links(['a']) },
    world.creator,
  );
  expect(first.statusCode).toBe(200);
  const second = await plan.patch(`/${kind}/${id}`, { attributes: [links(['a'])[0]] }, world.creator);
  expect(second.statusCode).toBe(200);

  const editor = await historyText(`/${kind}/${id}`, world.creator);
  expect(editor.text).toContain(hidden.id);
  expect(editor.items.map((e) => e.action)).toEqual(['updated', 'updated', 'created']);

  const viewer = await historyText(`/${kind}/${id}`);
  expect(viewer.text).not.toContain(hidden.id);
  expect(viewer.text).toContain(shown.id);
  expect(viewer.items.map((e) => e.action)).toEqual(['updated', 'updated', 'created']);
  // The last change touched the hidden link alone: to a viewer nothing changed in it.
  expect(viewer.items[0].changes).toEqual([]);
  expect(viewer.items[1].changes.map((c) => c.field)).toEqual(['description']);
  const createdLinks = viewer.items[2].changes.find((c) => c.field === 'attributes');
  expect(createdLinks).toEqual({
    field: 'attributes',
    before: null,
    after: [{ attributeId: shown.id, presence: 'required' }],
  });
}

test('event history shows a viewer no trace of a hidden attribute, an editor all of it', async () => {
  await assertHistoryHidesAttribute('events', 'event');
});

test('view history shows a viewer no trace of a hidden attribute, an editor all of it', async () => {
  await assertHistoryHidesAttribute('views', 'view');
});

test('map history shows a viewer no trace of a hidden attribute, an editor all of it', async () => {
  await assertHistoryHidesAttribute('maps', 'event');
});

test('a deleted hidden attribute leaves no history a viewer can read; a deleted visible one does, and stays in what linked it', async () => {
  const hidden = await enumAttribute('gone_hidden', false);
  const shown = await enumAttribute('gone_shown', true);
  const event = await plan.create(
    'events',
    { name: unique('Once Linked'), attributes: [{ attributeId: shown.id, presence: 'required' }] },
    world.creator,
  );
  expect((await plan.patch(`/events/${event.id}`, { attributes: [] }, world.creator)).statusCode).toBe(200);
  expect((await plan.delete(`/attributes/${hidden.id}`, world.creator)).statusCode).toBe(204);
  expect((await plan.delete(`/attributes/${shown.id}`, world.creator)).statusCode).toBe(204);

  const refused = await plan.get(`/attributes/${hidden.id}/history`, world.viewer);
  expect(refused.statusCode).toBe(404);
  expect(refused.json()).toEqual({ statusCode: 404, code: 'attribute_not_found', message: 'Attribute not found' });
  expect((await historyText(`/attributes/${hidden.id}`, world.creator)).items.map((e) => e.action)).toEqual([
    'deleted',
    'created',
  ]);
  expect((await historyText(`/attributes/${shown.id}`)).items.map((e) => e.action)).toEqual(['deleted', 'created']);
  expect((await historyText(`/events/${event.id}`)).text).toContain(shown.id);
});

test("a link to an attribute hidden later disappears from a viewer's history too", async () => {
  const later = await enumAttribute('hidden_later', true);
  const event = await plan.create(
    'events',
    { name: unique('Later Hidden'), attributes: [{ attributeId: later.id, presence: 'required' }] },
    world.creator,
  );
  expect((await historyText(`/events/${event.id}`)).text).toContain(later.id);
  expect((await plan.patch(`/attributes/${later.id}`, { exposed: false }, world.creator)).statusCode).toBe(200);
  expect((await historyText(`/events/${event.id}`)).text).not.toContain(later.id);
});
