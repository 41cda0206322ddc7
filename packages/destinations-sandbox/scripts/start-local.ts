/**
 * The destinations' stand-in on its own, for a person trying a push by hand:
 *
 *   npm start -w @tracemap/destinations-sandbox
 *
 * Listens on DESTINATIONS_SANDBOX_PORT (4610 unless set), keeps what arrives in
 * DESTINATIONS_SANDBOX_STATE (a JSON file; nothing is kept when unset) and prints the base URL and
 * the keys each destination accepts. `GET /_sandbox` summarises what arrived, `GET /_sandbox/state`
 * shows all of it.
 */
import { LOCAL_DESTINATIONS, startDestinationsSandbox } from '../src';

async function main(): Promise<void> {
  const sandbox = await startDestinationsSandbox({
    port: Number(process.env.DESTINATIONS_SANDBOX_PORT ?? 4610),
    stateFile: process.env.DESTINATIONS_SANDBOX_STATE || undefined,
  });
  console.log(`destinations stand-in at ${sandbox.url} (mParticle tokens at ${sandbox.url}/oauth/token)`);
  console.log(JSON.stringify(LOCAL_DESTINATIONS, null, 2));
  console.log(`what arrived: ${sandbox.url}/_sandbox`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
