import { SHARED_STACK_BROKER, type StackBroker } from './shared-stack';

export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as { sharedStackBroker?: StackBroker };
  await holder.sharedStackBroker?.close();
  delete holder.sharedStackBroker;
  delete process.env[SHARED_STACK_BROKER];
}
