import type { Page } from 'playwright-core';
import type { Stack } from '../../src/stack';
import type { Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';
import { companyWithSamplePlan, sessionApi, type SessionApi } from './support/session-api';

/**
 * The assistant end to end, answered offline: on a company with the sample e-commerce plan and no
 * data source, the drawer offers questions built from the plan and says how to connect a source;
 * a question typed and sent with Enter comes back as an event stream through the gateway, with a
 * reference chip that opens the event's page while the conversation stays; a question it cannot
 * answer without a model gets the honest refusal; the full page lists the conversation.
 */

const REFUSAL = "I can't answer that without a model connected.";

let stack: Stack;
let world: BrowserWorld<'owner'> | undefined;
let session: Session;
let api: SessionApi;
let companyId = '';

const people = { owner: { email: 'ada.assistant@example.com', password: 'a-long-assistant-password-1' } };

beforeAll(async () => {
  world = await openBrowserWorld('assistant', people);
  stack = world.stack;
  session = world.sessions.owner;
  api = sessionApi(stack.url, () => session.access_token);
  companyId = await companyWithSamplePlan(api, 'Assistant Shop');
});

afterAll(async () => {
  await world?.close();
});

const lastAnswer = (page: Page) => page.locator('[data-testid="assistant-answer"][data-state="done"]').last();

/** Types a question, sends it with Enter, and waits for its finished answer (the n-th of the conversation). */
async function ask(page: Page, question: string, nth: number): Promise<{ contentType: string | null }> {
  const streamed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/chat/threads/') && r.url().endsWith('/messages'),
  );
  await page.getByTestId('assistant-input').fill(question);
  await page.getByTestId('assistant-input').press('Enter');
  const response = await streamed;
  await page.locator('[data-testid="assistant-answer"][data-state="done"]').nth(nth).waitFor();
  return { contentType: response.headers()['content-type'] ?? null };
}

test('the drawer suggests questions from the plan, streams a referenced answer, follows a chip and refuses honestly', async () => {
  const page = await world!.pageFor('owner');
  await page.goto(`${stack.url}/company/${companyId}/events`);
  await page.getByTestId('assistant-open').click();
  const drawer = page.getByTestId('assistant-drawer');
  await drawer.waitFor();

  // No source yet: the way to connect one, and questions that name the plan's own events.
  await drawer.getByTestId('assistant-connect-source').waitFor();
  expect(await drawer.getByRole('link', { name: 'Open Sources' }).getAttribute('href')).toBe(
    `/company/${companyId}/analytics-discovery?tab=sources`,
  );
  await drawer.getByTestId('assistant-suggestion').first().waitFor();
  const suggestions = await drawer.getByTestId('assistant-suggestion').allTextContents();
  expect(suggestions.length).toBeGreaterThanOrEqual(4);
  expect(suggestions.some((q) => /Page Viewed|Product Added|Product Viewed/.test(q))).toBe(true);

  // A suggestion is asked with one click and answered, not refused.
  await drawer.getByTestId('assistant-suggestion').first().click();
  await lastAnswer(page).waitFor();
  expect(await drawer.getByTestId('assistant-question').first().textContent()).toContain(suggestions[0]);
  expect(await lastAnswer(page).textContent()).not.toContain(REFUSAL);

  // Typed and sent with Enter: the answer arrives as an event stream, offline, with a chip for the event.
  const { contentType } = await ask(page, 'Is Product Added tracked?', 1);
  expect(contentType).toContain('text/event-stream');
  const answer = lastAnswer(page);
  expect(await answer.textContent()).toContain('Yes');
  await answer.getByTestId('assistant-offline').waitFor();
  expect(await answer.getByTestId('assistant-unverified').count()).toBe(0);
  const chip = answer.locator('[data-testid="assistant-reference"][data-kind="event"]').first();
  expect(await chip.textContent()).toContain('Product Added');
  const eventId = await chip.getAttribute('data-id');

  // The chip opens the event's page; the drawer keeps its conversation across the navigation.
  await chip.click();
  await page.waitForURL(`**/company/${companyId}/events/${eventId}`);
  await page.getByTestId('event-page').waitFor();
  expect(await page.getByTestId('entity-title').textContent()).toBe('Product Added');
  expect(await drawer.getByTestId('assistant-answer').count()).toBe(2);

  // Something only a model could answer: the honest refusal, never a guess.
  await ask(page, 'Why did revenue drop last week?', 2);
  expect((await lastAnswer(page).textContent())?.trim()).toContain(REFUSAL);
  expect(await lastAnswer(page).getByTestId('assistant-reference').count()).toBe(0);

  // The full page lists the conversation under its first question and opens it.
  await drawer.getByRole('link', { name: 'Full page' }).click();
  await page.waitForURL(`**/company/${companyId}/assistant?thread=*`);
  const thread = page.getByTestId('assistant-thread').first();
  await thread.waitFor();
  expect(await thread.textContent()).toBe(suggestions[0]);
  await page.locator('[data-testid="assistant-answer"]').nth(2).waitFor();
  expect(await page.getByTestId('assistant-question').allTextContents()).toEqual([
    `You asked: ${suggestions[0]}`,
    'You asked: Is Product Added tracked?',
    'You asked: Why did revenue drop last week?',
  ]);
  expect(await page.getByTestId('assistant-open').count()).toBe(0);
});

test('an owner sees the use on the settings page and switches the assistant off; asking then says so', async () => {
  const page = await world!.pageFor('owner');
  await page.goto(`${stack.url}/company/${companyId}/settings`);
  const settings = page.getByTestId('assistant-settings');
  await settings.waitFor();
  expect(await settings.getByTestId('assistant-usage').textContent()).toContain('3 questions in 1 new conversation.');

  const enabled = settings.getByLabel('Members can ask the assistant about the plan and discovery data');
  expect(await enabled.isChecked()).toBe(true);
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/chat/settings'));
  await enabled.uncheck();
  expect((await saved).status()).toBe(200);
  await settings.getByRole('status').waitFor();

  await page.getByTestId('assistant-open').click();
  await page.getByTestId('assistant-input').fill('Is Product Added tracked?');
  await page.getByTestId('assistant-send').click();
  expect(await page.getByTestId('assistant-error').textContent()).toBe(
    'The assistant is switched off for this company.',
  );
});
