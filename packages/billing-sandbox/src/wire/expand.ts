import type { SandboxStore } from '../store';

async function load(store: SandboxStore, id: string): Promise<unknown> {
  return store.catalogueObject(id) ?? (await store.get(id))?.data ?? id;
}

async function expandPath(store: SandboxStore, node: unknown, segments: string[]): Promise<void> {
  if (segments.length === 0 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const element of node) await expandPath(store, element, segments);
    return;
  }
  const record = node as Record<string, unknown>;
  const [head, ...rest] = segments;
  const value = record[head];
  if (typeof value === 'string' && /^[a-z]+_/.test(value)) {
    record[head] = await load(store, value);
    if (rest.length > 0) await expandPath(store, record[head], rest);
  } else {
    await expandPath(store, value, rest.length > 0 ? rest : []);
  }
}

/** `expand[]` paths such as `default_payment_method`, `latest_invoice` or `data.customer` replace ids with objects. */
export async function expandObject(
  store: SandboxStore,
  object: Record<string, unknown>,
  paths: string[],
): Promise<void> {
  for (const path of paths.slice(0, 20)) {
    const segments = path.split('.');
    if (segments.length > 4) continue;
    await expandPath(store, object, segments);
  }
}
