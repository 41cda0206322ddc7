/**
 * A 53-bit string hash (cyrb53), written twice with different seeds into 28
 * hex digits: stable across processes and versions of Node, cheap, and with
 * collisions unlikely enough for keys of rows (shapes, finding fingerprints).
 */
export function stableHash(text: string): string {
  return hash53(text, 0).toString(16).padStart(14, '0') + hash53(text, 0x9e3779b9).toString(16).padStart(14, '0');
}

function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The key of an event shape: its sorted `path:type` entries. */
export function shapeHash(canonical: readonly string[]): string {
  return stableHash(canonical.join('\n'));
}
