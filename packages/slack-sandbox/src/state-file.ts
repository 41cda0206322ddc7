import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PostedMessage } from './sandbox';

/** How many posted messages a state file keeps (the newest). */
const KEPT_MESSAGES = 500;

/**
 * What the local Slack remembers between runs of `npm start`: its client secret, the tokens and
 * webhooks it issued (so an installation made yesterday still works today) and the latest
 * messages (so threads and lookups of earlier posts still find them).
 */
export interface SandboxState {
  clientSecret: string;
  tokens: Array<[string, { teamId: string; revoked: boolean }]>;
  webhooks: Array<[string, { channel: string; token: string }]>;
  messages: PostedMessage[];
  tsCounter: number;
  /** The port it last listened on, taken again when free. */
  port?: number;
}

export function readState(file: string | undefined): SandboxState | null {
  if (!file || !existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SandboxState;
  } catch {
    // A damaged file is a fresh start, as if the workspace were new.
    return null;
  }
}

/** Written whole to a neighbour and renamed over the old file, so a crash never leaves half of it. */
export function writeState(file: string, state: SandboxState): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const next = `${file}.next`;
  writeFileSync(next, JSON.stringify({ ...state, messages: state.messages.slice(-KEPT_MESSAGES) }));
  renameSync(next, file);
}
