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
}

export interface BrowserWorld<P extends string> {
  stack: Stack;
  /** Each person's session, signed in once at the start. */
  sessions: Record<P, Session>;
  browser: Browser;
  /** A page in a context of its own, signed in as `who` (signed out for null); closed with the world. */
  pageFor(who: P | null, options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

/**
 * What every browser suite starts from: the whole product on a fresh database (PostgreSQL when
 * DATABASE_URL is set, else embedded), its people confirmed and signed in, and Chromium.
 * Whatever was started is stopped again if a later step fails.
 */
export async function openBrowserWorld<P extends string>(
  name: string,
  people: Record<P, Person>,
  options: Pick<StackOptions, 'env'> = {},
): Promise<BrowserWorld<P>> {
  let database: TestDatabase | undefined;
  let stack: Stack | undefined;
  let chromium: TestBrowser | undefined;
  const contexts: BrowserContext[] = [];
  const close = async () => {
    for (const context of contexts) await context.close();
    await chromium?.close();
    await stack?.stop();
    await database?.drop();
  };
  try {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `tracemap-${name}-`));
    database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    stack = await startStack({ port: 0, dataDir, databaseUrl: database?.url, logLevel: 'warn', log: () => undefined, ...options });
    const sessions = {} as Record<P, Session>;
    for (const who of Object.keys(people) as P[]) {
      await createConfirmedUser(stack, people[who].email, people[who].password);
      sessions[who] = await signIn(stack, people[who].email, people[who].password);
    }
    chromium = await launchBrowser();
    const started = stack;
    const browser = chromium.browser;
    return {
      stack: started,
      sessions,
      browser,
      async pageFor(who, contextOptions) {
        const context = await browser.newContext(contextOptions);
        contexts.push(context);
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
