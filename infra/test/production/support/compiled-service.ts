import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTokenKit, TEST_PUBLIC_URL, type TokenKit } from '@tracemap/test-kit';
import { freePort, startProcess, waitUntilReady, type ManagedProcess } from '../../../src/processes';

export interface LoadReport {
  execArgv: string[];
  extensions: string[];
  files: string[];
}

export interface RunningService {
  url: string;
  output: () => string;
  /** Stops it (SIGTERM, as an orchestrator does) and reads what was loaded in it. */
  stop(): Promise<{ exitCode: number | null; loaded: LoadReport }>;
}

export const RECORDER = path.join(__dirname, 'record-loaded-modules.cjs');

/**
 * Starts `node <entry>` with a clean environment (no NODE_OPTIONS, nothing inherited but PATH),
 * with only the recorder preloaded, on a free port, and waits until its readiness route answers.
 */
export async function startCompiledService(options: {
  cwd: string;
  entry: string;
  env: Record<string, string>;
}): Promise<RunningService> {
  const port = await freePort();
  const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'tracemap-loaded-')), 'loaded.json');
  let output = '';
  const proc: ManagedProcess = startProcess('service', process.execPath, ['--require', RECORDER, options.entry], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
      PORT: String(port),
      LOADED_MODULES_REPORT: report,
    },
    onOutput: (line) => (output += `${line}\n`),
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(`${url}/ready`, [proc], 60000, 100);
  } catch (error) {
    await proc.stop(2000);
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    output: () => output,
    async stop() {
      await proc.stop();
      return { exitCode: proc.child.exitCode, loaded: JSON.parse(readFileSync(report, 'utf8')) as LoadReport };
    },
  };
}

/** Signing keys served where a service looks for auth's, so real access tokens reach its routes. */
export async function startKeyServer(): Promise<{ url: string; tokens: TokenKit; close(): Promise<void> }> {
  const tokens = await createTokenKit();
  const server = http.createServer((request, response) => {
    if (request.url !== '/auth/v1/.well-known/jwks.json') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [tokens.jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tokens,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The company service's settings for a run on its own: no billing, no session check against auth. */
export function companySettings(databaseUrl: string, authUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_URL: authUrl,
    AUTH_SESSION_CHECK: 'false',
    INTERNAL_SERVICE_TOKEN: 'compiled-service-test-token',
  };
}

/** What betrays a TypeScript loader in a process: a flag, a `.ts` file, tsx or typescript loaded. */
export function typeScriptTraces(loaded: LoadReport): string[] {
  return [
    ...loaded.execArgv.filter((arg) => /tsx|ts-node|typescript/.test(arg)),
    ...loaded.extensions.filter((ext) => ['.ts', '.tsx', '.mts', '.cts'].includes(ext)),
    ...loaded.files.filter(
      (file) => /\.[cm]?tsx?$/.test(file) || /node_modules\/(tsx|typescript|ts-node)\//.test(file),
    ),
  ];
}
