import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { createTestDatabase, launchBrowser, type TestBrowser, type TestDatabase } from '@tracemap/test-kit';
import { startStack, type Stack, type StackOptions } from '../../../src/stack';
import { createConfirmedUser, sessionCookies, signIn, type Session } from '../../../src/test-users';

export interface Person {
  email: string;
  password: string;
  /** A product admin: added to the stack's ADMIN_EMAILS (after any the suite's env names). */
  productAdmin?: boolean;
  /**
   * `false`: created and confirmed but not signed in, for a suite that signs them in through the
   * pages itself; they have no entry in `sessions` and `pageFor` refuses them. Default true.
   */
  signedIn?: boolean;
  /** Kept on the auth user from its creation on, e.g. `{ first_name, last_name }` for the name others see. */
  userMetadata?: Record<string, string>;
}

export interface BrowserWorldOptions extends Pick<StackOptions, 'env'> {
  /**
   * Opens the home page once before handing over, with its own long deadline: the first page of a
   * fresh stack is the slow one (every file read and compiled once), and is then not paid inside
   * the first test's locator timeouts.
   */
  warmUp?: boolean;
}

export interface BrowserWorld<P extends string> {
  stack: Stack;
  /** Each signed-in person's session, signed in once at the start (none for `signedIn: false`). */
  sessions: Record<P, Session>;
  browser: Browser;
  /**
   * A page in a context of its own, signed in as `who` (signed out for null), with the given
   * context options (e.g. a viewport); closed with the world unless the test closed it first.
   */
  pageFor(who: P | null, options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

const WARM_UP_MS = 90_000;

/** The stack's environment: the suite's own, with the product admins among people added to ADMIN_EMAILS. */
function stackEnv(people: Person[], env: Record<string, string> | undefined): Record<string, string> | undefined {
  const admins = people.filter((p) => p.productAdmin).map((p) => p.email);
  if (admins.length === 0) return env;
  const listed = (env?.ADMIN_EMAILS ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return { ...env, ADMIN_EMAILS: [...listed, ...admins].join(',') };
}

/**
 * What every browser suite starts from: the whole product on a fresh database (PostgreSQL when
 * DATABASE_URL is set, else embedded), its people confirmed and (unless told otherwise) signed
 * in, and Chromium. Whatever was started is stopped again if a later step fails.
 */
export async function openBrowserWorld<P extends string>(
  name: string,
  people: Record<P, Person>,
  options: BrowserWorldOptions = {},
): Promise<BrowserWorld<P>> {
  let database: TestDatabase | undefined;
  let stack: Stack | undefined;
  let chromium: TestBrowser | undefined;
  const contexts = new Set<BrowserContext>();
  const close = async () => {
    for (const context of contexts) await context.close();
    await chromium?.close();
    await stack?.stop();
    await database?.drop();
  };
  try {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `tracemap-${name}-`));
    const env = stackEnv(Object.values<Person>(people), options.env);
    database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    stack = await startStack({
      port: 0,
      dataDir,
      databaseUrl: database?.url,
      logLevel: 'warn',
      log: () => undefined,
      env,
    });
    const sessions = {} as Record<P, Session>;
    for (const who of Object.keys(people) as P[]) {
      const person = people[who];
      await createConfirmedUser(stack, person.email, person.password, person.userMetadata);
      if (person.signedIn !== false) sessions[who] = await signIn(stack, person.email, person.password);
    }
    chromium = await launchBrowser();
    const started = stack;
    const browser = chromium.browser;
    const newContext = async (contextOptions?: BrowserContextOptions) => {
      const context = await browser.newContext(contextOptions);
      contexts.add(context);
      context.once('close', () => contexts.delete(context));
      return context;
    };
    if (options.warmUp) {
      const warm = await (await newContext()).newPage();
      await warm.goto(`${started.url}/`, { timeout: WARM_UP_MS });
      await warm.locator('[data-app]').first().waitFor({ timeout: WARM_UP_MS });
      await warm.context().close();
    }
    return {
      stack: started,
      sessions,
      browser,
      async pageFor(who, contextOptions) {
        if (who && !sessions[who])
          throw new Error(`${who} is not signed in (signedIn: false); use pageFor(null) and sign in on the page`);
        const context = await newContext(contextOptions);
        if (who) await context.addCookies(sessionCookies(started, sessions[who]));
        return context.newPage();
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
