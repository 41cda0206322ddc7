import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import type { Stack } from '../../src/stack';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';
import { companyWithSamplePlan, sessionApi, type SessionApi } from './support/session-api';

/**
 * The assistant's drafted changes end to end, with a model connected: the stack's assistant talks
 * to an OpenAI-compatible endpoint played here, which asks for `propose_change` and then answers
 * in words, so the draft comes from the real model path. The owner sees the draft as a card and
 * adds it to a proposal with one click; the live plan is unchanged, the card links to the
 * assistant's draft proposal, whose page shows the new event (its history naming the assistant),
 * and the conversation remembers it was added. A viewer's card has no button. Switching plans
 * with an unsaved edit asks first.
 */

const NEW_EVENT = 'Wishlist Shared';
const DRAFT = {
  action: 'create',
  entity: 'event',
  fields: { name: NEW_EVENT, kind: 'track', description: 'A shopper shared their wishlist.' },
  reason: 'Sharing a wishlist is a step of the funnel that the plan does not track.',
};
const ANSWER = 'I drafted that change: the plan would gain the event. A person with edit rights has to apply it.';

const people = {
  owner: { email: 'olga.assistant-drafts@example.com', password: 'a-long-drafts-password-3' },
  viewer: {
    email: 'vic.assistant-drafts@example.com',
    password: 'a-long-drafts-password-4',
    userMetadata: { first_name: 'Vic', last_name: 'Viewer' },
  },
};
type Person = keyof typeof people;

/** One chunk of an OpenAI chat completion stream. */
const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-scripted',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'scripted',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

/**
 * A model behind the OpenAI chat completions API: asked a question, it calls `propose_change`
 * with the draft; given the tool's result, it answers in words. It keeps no state between calls.
 */
function startScriptedModel(): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (part: Buffer) => (body += part.toString()));
    request.on('end', () => {
      const sent = JSON.parse(body) as { messages: { role: string }[] };
      const answered = sent.messages.some((m) => m.role === 'tool');
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if (answered) {
        response.write(chunk({ role: 'assistant', content: ANSWER }));
        response.write(chunk({}, 'stop'));
      } else {
        const call = { index: 0, id: 'call_1', type: 'function' };
        const fn = { name: 'propose_change', arguments: JSON.stringify(DRAFT) };
        response.write(chunk({ role: 'assistant', content: null, tool_calls: [{ ...call, function: fn }] }));
        response.write(chunk({}, 'tool_calls'));
      }
      response.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let model: Server | undefined;
let world: BrowserWorld<Person> | undefined;
let stack: Stack;
let companyId = '';

const api = (who: Person): SessionApi => sessionApi(stack.url, () => world!.sessions[who].access_token);
const at = (section: string) => `${stack.url}/company/${companyId}/${section}`;

async function liveEventCount(name: string): Promise<number> {
  const page = (await api('owner')('GET', `/api/company/${companyId}/events?search=${encodeURIComponent(name)}`)) as {
    items: { name: string }[];
  };
  return page.items.filter((e) => e.name === name).length;
}

async function joinAsViewer(): Promise<void> {
  const { email } = people.viewer;
  const { first_name: firstName, last_name: lastName } = people.viewer.userMetadata;
  const { invitation } = (await api('owner')(
    'POST',
    '/api/company/invite',
    JSON.stringify({ companyId, email, firstName, lastName, role: 'viewer' }),
  )) as { invitation: { invitationId: string } };
  await api('viewer')(
    'POST',
    '/api/company/accept-invite',
    JSON.stringify({ invitationId: invitation.invitationId, email, firstName, lastName }),
  );
}

/** Opens the drawer on the events page, asks, and waits for the finished answer. */
async function askInDrawer(page: Page, question: string): Promise<void> {
  await page.goto(at('events'));
  await page.getByTestId('assistant-open').click();
  await page.getByTestId('assistant-drawer').waitFor();
  await page.getByTestId('assistant-input').fill(question);
  await page.getByTestId('assistant-input').press('Enter');
  await page.locator('[data-testid="assistant-answer"][data-state="done"]').first().waitFor();
}

beforeAll(async () => {
  model = await startScriptedModel();
  const { port } = model.address() as AddressInfo;
  world = await openBrowserWorld('assistant-proposals', people, {
    env: {
      ASSISTANT_MODEL_PROVIDER: 'openai-compatible',
      ASSISTANT_MODEL: 'scripted',
      ASSISTANT_MODEL_API_KEY: 'scripted-key',
      ASSISTANT_MODEL_BASE_URL: `http://127.0.0.1:${port}/v1`,
    },
    // A stack of its own: its first page is the slow one, paid here rather than in the first test.
    warmUp: true,
  });
  stack = world.stack;
  companyId = await companyWithSamplePlan(api('owner'), 'Drafts Shop');
  await joinAsViewer();
});

afterAll(async () => {
  await world?.close();
  await new Promise((resolve) => model?.close(resolve));
});

test('an editor adds a drafted change to a proposal with one click and lands on the proposal showing it', async () => {
  const page = await world!.pageFor('owner');
  await askInDrawer(page, 'We should track when a wishlist is shared. Can you add that?');
  const answer = page.locator('[data-testid="assistant-answer"][data-state="done"]').first();
  expect(await answer.textContent()).toContain('A person with edit rights has to apply it.');
  expect(await answer.getByTestId('assistant-offline').count()).toBe(0);

  // The draft as a card: what it does, its fields and why; nothing is written yet.
  const card = answer.getByTestId('assistant-draft');
  expect(await card.textContent()).toContain(`create event "${NEW_EVENT}"`);
  expect(await card.locator('dt').allTextContents()).toEqual(['name', 'kind', 'description']);
  expect(await card.textContent()).toContain(`Why: ${DRAFT.reason}`);
  expect(await liveEventCount(NEW_EVENT)).toBe(0);

  const applied = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/apply'));
  await card.getByTestId('assistant-draft-apply').click();
  const response = await applied;
  expect(response.status()).toBe(200);
  const { proposal, item } = (await response.json()) as { proposal: { id: string }; item: { id: string } };
  const done = card.getByTestId('assistant-draft-applied');
  expect(await done.textContent()).toBe('Added to proposal From the assistant');
  expect(await card.getByTestId('assistant-draft-apply').count()).toBe(0);
  // The company does not require proposals, and still the change is not in the live plan.
  expect(await liveEventCount(NEW_EVENT)).toBe(0);

  await done.getByRole('link', { name: 'From the assistant' }).click();
  await page.waitForURL(new RegExp(`/company/${companyId}/proposals/[0-9a-f-]{36}`));
  await page.locator('[data-testid="proposal-page"][data-status="draft"]').waitFor();
  expect(await page.getByTestId('proposal-name').textContent()).toBe('From the assistant');
  await page
    .getByTestId('proposal-diff')
    .locator(`[data-testid="diff-entry"][data-change="added"][data-name="${NEW_EVENT}"]`)
    .waitFor();

  // Inside the proposal, the event's history says the assistant made it for the owner.
  await page.goto(`${at(`events/${item.id}`)}?proposal=${proposal.id}`);
  await page.getByTestId('entity-title').filter({ hasText: NEW_EVENT }).waitFor();
  await page.getByTestId('history-entry').filter({ hasText: 'created it through the assistant' }).waitFor();

  // The conversation, opened again, shows the change as added and offers no second click.
  await page.goto(at('assistant'));
  await page.getByTestId('assistant-thread').first().click();
  const again = page.getByTestId('assistant-draft').first();
  await again.getByTestId('assistant-draft-applied').waitFor();
  expect(await again.getByTestId('assistant-draft-apply').count()).toBe(0);
});

test('a viewer sees the drafted change without the button', async () => {
  const page = await world!.pageFor('viewer');
  await askInDrawer(page, 'We should track when a wishlist is shared. Can you add that?');
  const card = page.getByTestId('assistant-draft').first();
  await card.waitFor();
  expect(await card.textContent()).toContain('An editor can add this change to a proposal.');
  expect(await card.getByTestId('assistant-draft-apply').count()).toBe(0);
});

test('switching plans with an unsaved edit asks first, and stays when the person says no', async () => {
  const page = await world!.pageFor('owner');
  const proposal = (
    (await api('owner')('GET', `/api/company/${companyId}/proposals`)) as { items: { id: string; name: string }[] }
  ).items.find((p) => p.name === 'From the assistant')!;
  const events = (await api('owner')('GET', `/api/company/${companyId}/events?search=Product%20Added`)) as {
    items: { id: string; name: string }[];
  };
  const eventId = events.items.find((e) => e.name === 'Product Added')!.id;
  await page.goto(at(`events/${eventId}`));
  await page.getByTestId('entity-title').filter({ hasText: 'Product Added' }).waitFor();
  await page.getByTestId('plan-description').fill('Typed and not saved yet.');
  await page.getByTestId('entity-save-state').filter({ hasText: 'Unsaved changes' }).waitFor();

  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByTestId('proposal-selector').selectOption(proposal.id);
  expect(questions).toEqual(['You have unsaved changes. Switch plans and lose them?']);
  expect(page.url()).toBe(at(`events/${eventId}`));
  expect(await page.getByTestId('proposal-selector').inputValue()).toBe('');
  expect(await page.getByTestId('plan-description').inputValue()).toBe('Typed and not saved yet.');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('proposal-selector').selectOption(proposal.id);
  await page.waitForURL(`${at(`events/${eventId}`)}?proposal=${proposal.id}`);
  await page.getByTestId('proposal-banner').waitFor();
});
