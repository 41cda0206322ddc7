import { REFERENCE_KINDS, type ChatReference, type ReferenceKind } from '@tracemap/contracts';

export const REFERENCE_PATTERN = new RegExp(`\\[\\[(${REFERENCE_KINDS.join('|')}):([^\\]\\s]{1,100})\\]\\]`, 'g');

export interface CitedReference extends ChatReference {
  index: number;
  length: number;
}

/** Every `[[kind:id]]` of a text, where it is. */
export function citedReferences(text: string): CitedReference[] {
  const out: CitedReference[] = [];
  for (const match of text.matchAll(REFERENCE_PATTERN)) {
    out.push({ kind: match[1] as ReferenceKind, id: match[2], index: match.index, length: match[0].length });
  }
  return out;
}

export const referenceKey = (ref: ChatReference) => `${ref.kind}:${ref.id}`;

export const cite = (ref: ChatReference) => `[[${ref.kind}:${ref.id}]]`;
