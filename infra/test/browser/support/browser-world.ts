import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '@tracemap/test-kit';
import type { Stack, StackOptions } from '../../../src/stack';
import { createConfirmedUser, sessionCookies, signIn, type Session } from '../../../src/test-users';
import { borrowSharedStack, SHARED_STACK_BROKER, startOwnStack } from '../../support/shared-stack';

export interface Person {
  /** Unique among all browser suites: suites on the default settings share one stack. */
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
  /**
   * A stack of its own even on the default settings, for a suite that stops or restarts services
   * or reads the mailbox in process. A suite with `env` or a product admin always gets its own.
   */
  ownStack?: boolean;
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

/** Each person created (confirmed) and, unless told otherwise, signed in. */
async function enrol<P extends string>(stack: Stack, people: Record<P, Person>): Promise<Record<P, Session>> {
  const sessions = {} as Record<P, Session>;
  for (const who of Object.keys(people) as P[]) {
    const person = people[who];
    await createConfirmedUser(stack, person.email, person.password, person.userMetadata);
    if (person.signedIn !== false) sessions[who] = await signIn(stack, person.email, person.password);
  }
  return sessions;
}

/**
 * What every browser suite starts from: the whole product (PostgreSQL when DATABASE_URL is set,
 * else embedded), its people confirmed and (unless told otherwise) signed in, and Chromium.
 * Suites on the default settings share the jest run's stack, so their people and companies are
 * their own but the database is not fresh; a suite with its own settings, a product admin, or
 * run outside the configured jest run gets a stack (and database) of its own. Whatever was
 * started is stopped again if a later step fails.
 */
export async function openBrowserWorld<P extends string>(
  name: string,
  people: Record<P, Person>,
  options: BrowserWorldOptions = {},
): Promise<BrowserWorld<P>> {
  let stack: Stack | undefined;
  let chromium: TestBrowser | undefined;
  const contexts = new Set<BrowserContext>();
  const close = async () => {
    for (const context of contexts) await context.close();
    await chromium?.close();
    await stack?.stop();
  };
  try {
    const env = stackEnv(Object.values<Person>(people), options.env);
    const broker = process.env[SHARED_STACK_BROKER];
    const shareable = broker && !options.ownStack && Object.keys(env ?? {}).length === 0;
    let sessions: Record<P, Session> | undefined;
    if (shareable) {
      stack = await borrowSharedStack(broker);
      try {
        sessions = await enrol(stack, people);
      } catch (error) {
        // An address another suite already holds on the shared stack: this suite still runs, alone.
        if (!/email_exists/.test(String(error))) throw error;
        console.warn(`${name}: ${String(error)}; starting a stack of its own (give its people unique addresses)`);
        stack = undefined;
      }
    }
    if (!stack || !sessions) {
      stack = await startOwnStack(name, env);
      sessions = await enrol(stack, people);
    }
    chromium = await launchBrowser();
    const started = stack;
    const signedIn = sessions;
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
      sessions: signedIn,
      browser,
      async pageFor(who, contextOptions) {
        if (who && !signedIn[who])
          throw new Error(`${who} is not signed in (signedIn: false); use pageFor(null) and sign in on the page`);
        const context = await newContext(contextOptions);
        if (who) await context.addCookies(sessionCookies(started, signedIn[who]));
        return context.newPage();
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
