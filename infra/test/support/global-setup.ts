import { SHARED_STACK_BROKER, startStackBroker, type StackBroker } from './shared-stack';

/** Opens the broker of the run's shared stack; the stack itself starts when a suite first asks. */
export default async function globalSetup(): Promise<void> {
  const broker = await startStackBroker();
  process.env[SHARED_STACK_BROKER] = broker.url;
  (globalThis as { sharedStackBroker?: StackBroker }).sharedStackBroker = broker;
}
