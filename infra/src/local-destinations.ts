import path from 'node:path';
import { startDestinationsSandbox, type DestinationsSandbox } from '@tracemap/destinations-sandbox';

const ADDRESSES = [
  'DESTINATION_SEGMENT_URL',
  'DESTINATION_AMPLITUDE_URL',
  'DESTINATION_MPARTICLE_URL',
  'DESTINATION_RUDDERSTACK_URL',
] as const;

/**
 * Without any destination address configured (and outside production), pushes go to a local
 * stand-in of all four destinations, which keeps what arrived in the data folder (shown at its
 * `/_sandbox` path) so a newcomer can push the sample plan and look at the result.
 */
export async function startLocalDestinations(options: {
  production: boolean;
  environment: Record<string, string | undefined>;
  dataDir: string;
  log: (line: string) => void;
}): Promise<DestinationsSandbox | null> {
  if (options.production || ADDRESSES.some((name) => options.environment[name])) return null;
  const sandbox = await startDestinationsSandbox({
    stateFile: path.join(options.dataDir, 'destinations-sandbox', 'state.json'),
  });
  options.log(
    `[stack] local Segment, Amplitude, mParticle and RudderStack at ${sandbox.url} (what arrived: /_sandbox)`,
  );
  return sandbox;
}

/** The integrations service's settings pointing every destination at the stand-in. */
export function localDestinationsEnv(sandbox: DestinationsSandbox | null): Record<string, string> {
  if (!sandbox) return {};
  return {
    ...Object.fromEntries(ADDRESSES.map((name) => [name, sandbox.url])),
    DESTINATION_MPARTICLE_TOKEN_URL: `${sandbox.url}/oauth/token`,
    DESTINATIONS_LOCAL: 'true',
  };
}
