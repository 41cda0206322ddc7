import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { Stack } from '../../src/stack';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';
import { companyWithSamplePlan, sessionApi, type SessionApi } from './support/session-api';

/**
 * Proposals end to end: the owner makes changes go through proposals with one approval; an
 * editor, who can no longer change the live plan, opens a proposal from the company header, adds
 * an event and changes an attribute inside it while the live plan stays as it was, and asks for a
 * review; an admin requests changes with a comment, then approves; the owner's edit of the same
 * attribute in the live plan comes back as a conflict, which the editor resolves side by side in
 * the merge screen; the merged version is in the plan version list, with its diff and its file,
 * and the merged proposal's plan is read-only.
 */

const people = {
  owner: {
    email: 'opal.proposals-owner@example.com',
    password: 'a-long-owner-password-7',
    userMetadata: { first_name: 'Opal', last_name: 'Owner' },
  },
  editor: {
    email: 'erin.proposals-editor@example.com',
    password: 'a-long-editor-password-7',
    userMetadata: { first_name: 'Erin', last_name: 'Editor' },
  },
  admin: {
    email: 'adam.proposals-admin@example.com',
    password: 'a-long-admin-password-7',
    userMetadata: { first_name: 'Adam', last_name: 'Admin' },
  },
};
type Person = keyof typeof people;

const ORIGINAL = 'Brand of the product.';
const PROPOSED = 'Brand of the product, as the shop spells it.';
const LIVE = 'Brand name as printed on the box.';
const NEW_EVENT = 'Gift Card Redeemed';

let world: BrowserWorld<Person> | undefined;
let stack: Stack;
let companyId = '';
let brandId = '';
let proposalId = '';
let mergedVersion = 0;
const pages = {} as Record<Person, Page>;

const api = (who: Person): SessionApi => sessionApi(stack.url, () => world!.sessions[who].access_token);
const at = (section: string) => `${stack.url}/company/${companyId}/${section}`;

async function join(who: 'editor' | 'admin', role: 'creator' | 'admin'): Promise<void> {
  const { first_name: firstName, last_name: lastName } = people[who].userMetadata;
  const { email } = people[who];
  const { invitation } = (await api('owner')(
    'POST',
    '/api/company/invite',
    JSON.stringify({ companyId, email, firstName, lastName, role }),
  )) as { invitation: { invitationId: string } };
  await api(who)(
    'POST',
    '/api/company/accept-invite',
    JSON.stringify({ invitationId: invitation.invitationId, email, firstName, lastName }),
  );
}

/** The live plan as the API answers it without a proposal. */
async function liveBrandDescription(): Promise<string> {
  return ((await api('owner')('GET', `/api/company/${companyId}/attributes/${brandId}`)) as { description: string })
    .description;
}
async function liveEventCount(name: string): Promise<number> {
  const page = (await api('owner')('GET', `/api/company/${companyId}/events?search=${encodeURIComponent(name)}`)) as {
    items: { name: string }[];
  };
  return page.items.filter((e) => e.name === name).length;
}

/** Types a new description on the attribute page and saves it, checking where the save went. */
async function saveDescription(page: Page, text: string, inProposal: boolean): Promise<void> {
  await page.getByTestId('entity-title').filter({ hasText: 'brand' }).waitFor();
  await page.getByTestId('plan-description').fill(text);
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(`/attributes/${brandId}`),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(new URL(response.url()).searchParams.get('proposal')).toBe(inProposal ? proposalId : null);
  await page.getByTestId('entity-save-state').filter({ hasText: 'Saved.' }).waitFor();
}

const status = (page: Page, value: string) =>
  page.locator(`[data-testid="proposal-page"][data-status="${value}"]`).waitFor();

beforeAll(async () => {
  world = await openBrowserWorld('proposals', people);
  stack = world.stack;
  companyId = await companyWithSamplePlan(api('owner'), 'Proposals Co');
  await join('editor', 'creator');
  await join('admin', 'admin');
  const found = (await api('owner')('GET', `/api/company/${companyId}/attributes?search=brand`)) as {
    items: { id: string; name: string; description: string }[];
  };
  const brand = found.items.find((a) => a.name === 'brand')!;
  expect(brand.description).toBe(ORIGINAL);
  brandId = brand.id;
  pages.owner = await world.pageFor('owner');
  pages.editor = await world.pageFor('editor');
  pages.admin = await world.pageFor('admin');
});

afterAll(async () => {
  await world?.close();
});

test('the owner makes changes go through proposals, with one approval; editors then read the live plan only', async () => {
  const owner = pages.owner;
  await owner.goto(at('settings'));
  await owner.getByTestId('settings-approvalsRequired').selectOption('1');
  await owner.getByTestId('settings-proposalsRequired').check();
  await owner.getByTestId('settings-save').click();
  await owner.getByTestId('settings-saved').waitFor();

  const page = pages.editor;
  await page.goto(at(`attributes/${brandId}`));
  await page.getByTestId('entity-title').filter({ hasText: 'brand' }).waitFor();
  expect(await page.getByTestId('plan-read-only').innerText()).toContain('Changes to this plan go through proposals');
  expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
});

test('an editor opens a proposal and edits inside it while the live plan stays as it was', async () => {
  const page = pages.editor;
  await page.goto(at('proposals'));
  await page.getByTestId('proposals-page').waitFor();
  await page.getByTestId('proposal-create-name').fill('Coupons');
  await page.getByTestId('proposal-create-submit').click();
  await page.waitForURL(/\/events\?proposal=[0-9a-f-]{36}$/);
  proposalId = new URL(page.url()).searchParams.get('proposal')!;
  await page.getByTestId('proposal-banner-name').filter({ hasText: 'Coupons' }).waitFor();
  expect(await page.getByTestId('proposal-selector').inputValue()).toBe(proposalId);

  // Lint checks the plan as the proposal would make it.
  await page.getByTestId('plan-count').filter({ hasNotText: 'Loading' }).waitFor();
  const linted = page.waitForResponse((r) => r.url().includes('/tracking-plan/lint'));
  await page.getByRole('button', { name: 'Check plan' }).click();
  expect(new URL((await linted).url()).searchParams.get('proposal')).toBe(proposalId);
  await page.getByRole('dialog', { name: 'Check the plan' }).getByTestId('lint-summary').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  // A new event, made with the same dialog as in the live plan.
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(NEW_EVENT);
  await dialog.getByLabel('Description').fill('A gift card paid for part of the order.');
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/events?'));
  await dialog.getByRole('button', { name: /^Create / }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  expect(new URL(answer.url()).searchParams.get('proposal')).toBe(proposalId);
  await page.waitForURL(new RegExp(`/events/[0-9a-f-]{36}\\?proposal=${proposalId}$`));
  await page.getByTestId('entity-title').filter({ hasText: NEW_EVENT }).waitFor();
  // Its typed code comes from the proposal's plan too (the live plan has no such event).
  await page.getByTestId('event-tab-code').click();
  await page.getByTestId('code-text').filter({ hasText: 'trackGiftCardRedeemed' }).waitFor();

  // A company link keeps the proposal open; the attribute is changed inside it.
  await page.getByTestId('company-nav-attributes').click();
  await page.waitForURL(`${at('attributes')}?proposal=${proposalId}`);
  await page.goto(`${at(`attributes/${brandId}`)}?proposal=${proposalId}`);
  await saveDescription(page, PROPOSED, true);
  expect(await liveBrandDescription()).toBe(ORIGINAL);
  expect(await liveEventCount(NEW_EVENT)).toBe(0);

  // The header's selector goes back to the live plan on the same page, and into the proposal again.
  await page.getByTestId('proposal-selector').selectOption('');
  await page.waitForURL(at(`attributes/${brandId}`));
  // The banner goes in the same render that swaps the page for one reading the live plan.
  await page.getByTestId('proposal-banner').waitFor({ state: 'detached' });
  await page.getByTestId('entity-title').filter({ hasText: 'brand' }).waitFor();
  // The live plan, read-only for editors here, still has the description it had.
  await page.getByTestId('plan-read-only').waitFor();
  await page.getByText(ORIGINAL, { exact: true }).waitFor();
  await page.getByTestId('proposal-selector').selectOption(proposalId);
  await page.waitForURL(`${at(`attributes/${brandId}`)}?proposal=${proposalId}`);
  await page.getByTestId('proposal-banner').waitFor();
  await page.getByTestId('entity-title').filter({ hasText: 'brand' }).waitFor();
  expect(await page.getByTestId('plan-description').inputValue()).toBe(PROPOSED);
});

test('the proposal page shows what it changes, and the editor asks for a review', async () => {
  const page = pages.editor;
  await page.getByTestId('proposal-banner-open').click();
  await status(page, 'draft');
  const diff = page.getByTestId('proposal-diff');
  await diff.locator(`[data-testid="diff-entry"][data-change="added"][data-name="${NEW_EVENT}"]`).waitFor();
  const brand = diff.locator('[data-testid="diff-entry"][data-change="changed"][data-name="brand"]');
  const description = brand.locator('[data-testid="diff-field"][data-field="description"]');
  expect(await description.getByTestId('diff-before').innerText()).toBe(ORIGINAL);
  expect(await description.getByTestId('diff-after').innerText()).toBe(PROPOSED);
  // The new event's JSON Schema appears (before: none), and lint is shown for both plans.
  const schema = page.locator(`[data-testid="schema-change"][data-name="${NEW_EVENT}"]`);
  expect(await schema.getByTestId('schema-before').textContent()).toBe('—');
  expect(await schema.getByTestId('schema-after').textContent()).toContain('"$schema"');
  expect(await page.getByTestId('lint-before-summary').innerText()).toMatch(/^\d+ errors? · \d+ warnings?$/);
  expect(await page.getByTestId('lint-after-summary').innerText()).toMatch(/^\d+ errors? · \d+ warnings?$/);

  // The author never gets the review form, and asks a reviewer by name.
  expect(await page.getByTestId('review-approve').count()).toBe(0);
  await page.getByTestId('reviewer-select').selectOption({ label: 'Adam Admin' });
  await page.getByTestId('reviewer-request').click();
  await page.getByTestId('reviewer').filter({ hasText: 'Adam Admin (waiting)' }).waitFor();
  await page.getByTestId('proposal-request-review').click();
  await status(page, 'ready_for_review');
  // The banner above, for the same open proposal, follows the change.
  await page.getByTestId('proposal-banner').locator('[data-status="ready_for_review"]').waitFor();
});

test('an admin comments and requests changes, then approves once asked again', async () => {
  const admin = pages.admin;
  await admin.goto(at(`proposals/${proposalId}`));
  await status(admin, 'ready_for_review');
  // A comment on one item of the diff, kept with that item.
  const brandEntry = admin.locator('[data-testid="diff-entry"][data-change="changed"][data-name="brand"]');
  await brandEntry.getByTestId('item-comment-open').click();
  await brandEntry.getByTestId('item-comment-input').fill('Is this the shop spelling or the maker one?');
  await brandEntry.getByTestId('item-comment-submit').click();
  await brandEntry.getByTestId('comment-body').filter({ hasText: 'Is this the shop spelling' }).waitFor();
  await admin.getByTestId('review-comment-input').fill('Say whose spelling: the shop or the maker.');
  await admin.getByTestId('review-request-changes').click();
  await status(admin, 'changes_requested');

  const editor = pages.editor;
  await editor.reload();
  await status(editor, 'changes_requested');
  const review = editor.locator('[data-testid="review"][data-decision="request_changes"]');
  expect(await review.getByTestId('review-author').innerText()).toBe('Adam Admin');
  expect(await review.getByTestId('review-comment').innerText()).toBe('Say whose spelling: the shop or the maker.');
  const itemComment = editor
    .locator('[data-testid="diff-entry"][data-name="brand"]')
    .locator('[data-testid="comment"]');
  expect(await itemComment.getByTestId('comment-author').innerText()).toBe('Adam Admin');
  // The attribute's own page inside the proposal shows the comment about it too.
  await editor.goto(`${at(`attributes/${brandId}`)}?proposal=${proposalId}`);
  const thread = editor.getByTestId('proposal-item-thread');
  await thread.getByTestId('comment-body').filter({ hasText: 'Is this the shop spelling' }).waitFor();
  await editor.goto(at(`proposals/${proposalId}`));
  await status(editor, 'changes_requested');
  // The discussion lists it too, naming the item.
  await editor.getByTestId('proposal-comment-input').fill('The shop one; the maker has none.');
  await editor.getByTestId('proposal-comment-submit').click();
  const discussion = editor.getByTestId('proposal-discussion');
  await discussion.getByTestId('comment-body').filter({ hasText: 'The shop one' }).waitFor();
  expect(await discussion.innerText()).toContain('on brand');
  await editor.getByTestId('proposal-request-review').click();
  await status(editor, 'ready_for_review');

  await admin.reload();
  await admin.getByTestId('review-comment-input').fill('The shop, fine.');
  await admin.getByTestId('review-approve').click();
  await status(admin, 'approved');
  expect(await admin.getByTestId('proposal-approvals').innerText()).toBe('1 of 1 required approvals');
  expect(await admin.getByTestId('review').count()).toBe(2);
  await admin.getByTestId('reviewer').filter({ hasText: 'Adam Admin (approved)' }).waitFor();
});

test('a live edit of the same attribute is a conflict the editor resolves in the merge screen', async () => {
  // Owners still edit the live plan directly.
  const owner = pages.owner;
  await owner.goto(at(`attributes/${brandId}`));
  await saveDescription(owner, LIVE, false);
  expect(await liveBrandDescription()).toBe(LIVE);

  const editor = pages.editor;
  await editor.reload();
  await status(editor, 'approved');
  await editor.getByTestId('merge-button').click();
  const conflict = editor.locator('[data-testid="merge-conflict"][data-name="brand"][data-field="description"]');
  await conflict.waitFor();
  expect(await editor.getByTestId('merge-conflict').count()).toBe(1);
  expect(await conflict.getByTestId('conflict-base').innerText()).toBe(ORIGINAL);
  expect(await conflict.getByTestId('conflict-proposal').innerText()).toBe(PROPOSED);
  expect(await conflict.getByTestId('conflict-live').innerText()).toBe(LIVE);
  // Nothing merged yet, and merging waits for a choice.
  expect(await liveEventCount(NEW_EVENT)).toBe(0);
  expect(await editor.getByTestId('merge-resolve').isDisabled()).toBe(true);

  await conflict.getByTestId('conflict-take-proposal').check();
  await editor.getByTestId('merge-resolve').click();
  const done = editor.getByTestId('merge-done');
  await done.waitFor();
  mergedVersion = Number(/plan version (\d+)/.exec(await done.innerText())![1]);
  await status(editor, 'merged');
  expect(await liveBrandDescription()).toBe(PROPOSED);
  expect(await liveEventCount(NEW_EVENT)).toBe(1);
});

test('the merged version is in the version list, with its diff and its file', async () => {
  const page = pages.editor;
  await page.getByTestId('merge-done').getByRole('link').click();
  await page.getByTestId('plan-versions-page').waitFor();
  const row = page.locator(`[data-testid="plan-version"][data-version="${mergedVersion}"]`);
  expect(await row.getByTestId('plan-version-source').innerText()).toBe('Merge by Erin Editor');

  // Compared first with the version before it: the proposal's base.
  expect(await page.getByTestId('compare-to').inputValue()).toBe(String(mergedVersion));
  const diff = page.getByTestId('version-diff');
  await diff.locator(`[data-testid="diff-entry"][data-change="added"][data-name="${NEW_EVENT}"]`).waitFor();
  const description = diff.locator(
    '[data-testid="diff-entry"][data-name="brand"] [data-testid="diff-field"][data-field="description"]',
  );
  expect(await description.getByTestId('diff-after').innerText()).toBe(PROPOSED);

  // Any two versions compare, either way round: backwards, the new event is removed.
  const base = await page.getByTestId('compare-from').inputValue();
  await page.getByTestId('compare-from').selectOption(String(mergedVersion));
  await page.getByTestId('compare-to').selectOption(base);
  await page.getByTestId('compare-button').click();
  await diff.locator(`[data-testid="diff-entry"][data-change="removed"][data-name="${NEW_EVENT}"]`).waitFor();
  expect(await description.getByTestId('diff-after').innerText()).toBe(ORIGINAL);

  const download = page.waitForEvent('download');
  await row.getByTestId('plan-version-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`tracking-plan-v${mergedVersion}.json`);
  const plan = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    events: { name: string }[];
    attributes: { name: string; description: string }[];
  };
  expect(plan.events.map((e) => e.name)).toContain(NEW_EVENT);
  expect(plan.attributes.find((a) => a.name === 'brand')?.description).toBe(PROPOSED);

  // The merged proposal's plan can still be read, not changed.
  await page.goto(`${at(`attributes/${brandId}`)}?proposal=${proposalId}`);
  await page.getByTestId('plan-read-only').filter({ hasText: 'This proposal is merged or closed' }).waitFor();
  expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
});
