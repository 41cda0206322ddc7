import type { ChatGrounding, ChatReference } from '@tracemap/contracts';
import { citedReferences, referenceKey } from './references';
import { NumberSupport, numberTokens, type NumberToken } from './numbers';

export interface TurnEvidence {
  /** Outputs of this turn's tool calls. */
  outputs: readonly unknown[];
  /** Items this turn's tools returned, by their structured references. */
  references: readonly ChatReference[];
}

export interface GroundingCheck extends ChatGrounding {
  invalidReferences: ChatReference[];
  /** Valid references the answer cites, once each, in order. */
  references: ChatReference[];
  /** Where the unsupported numbers are, for striking them through. */
  unsupported: NumberToken[];
}

export const UNVERIFIED_NOTE =
  '_Some figures or references could not be checked against the data used for this answer; they are struck through._';

/** Spans of a text that are not prose to check: citations and what is already struck through. */
function skippedSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = citedReferences(text).map((r) => [r.index, r.index + r.length]);
  for (const match of text.matchAll(/~~[^~]*~~/g)) spans.push([match.index, match.index + match[0].length]);
  return spans;
}

/**
 * Checks an answer against the turn that produced it: every cited id must
 * have been returned by a tool, and every number must appear in a tool output
 * (after separators, percent, k/M and rounding are allowed for).
 */
export function checkGrounding(answer: string, evidence: TurnEvidence): GroundingCheck {
  const returned = new Set(evidence.references.map(referenceKey));
  const references: ChatReference[] = [];
  const invalidReferences: ChatReference[] = [];
  const seen = new Set<string>();
  for (const cited of citedReferences(answer)) {
    const ref = { kind: cited.kind, id: cited.id };
    const key = referenceKey(ref);
    if (seen.has(key)) continue;
    seen.add(key);
    (returned.has(key) ? references : invalidReferences).push(ref);
  }
  const support = new NumberSupport(evidence.outputs);
  const spans = skippedSpans(answer);
  const unsupported = numberTokens(answer).filter(
    (token) => !spans.some(([start, end]) => token.index >= start && token.index < end) && !support.supports(token),
  );
  return {
    verified: unsupported.length === 0 && invalidReferences.length === 0,
    unverifiedNumbers: unsupported.map((t) => t.raw),
    invalidReferences,
    references,
    unsupported,
  };
}

/**
 * The answer as it may be shown after a failed check: unsupported numbers
 * struck through, citations of ids no tool returned taken out, and a note
 * saying so. A verified answer comes back unchanged.
 */
export function strikeUnverified(answer: string, check: GroundingCheck): string {
  if (check.verified) return answer;
  const invalid = new Set(check.invalidReferences.map(referenceKey));
  const edits: Array<{ index: number; length: number; text: string }> = check.unsupported.map((t) => ({
    index: t.index,
    length: t.length,
    text: `~~${t.raw}~~`,
  }));
  for (const cited of citedReferences(answer)) {
    if (invalid.has(referenceKey(cited))) edits.push({ index: cited.index, length: cited.length, text: '' });
  }
  edits.sort((a, b) => b.index - a.index);
  let out = answer;
  for (const edit of edits) out = out.slice(0, edit.index) + edit.text + out.slice(edit.index + edit.length);
  return `${out}\n\n${UNVERIFIED_NOTE}`;
}

/** What is shown of a checked answer: its text as it may be shown, what it cites, and the check's result. */
export function shownAnswer(
  answer: string,
  check: GroundingCheck,
): { content: string; references: ChatReference[]; grounding: ChatGrounding } {
  return {
    content: strikeUnverified(answer, check),
    references: check.references,
    grounding: {
      verified: check.verified,
      unverifiedNumbers: check.unverifiedNumbers,
      ...(check.invalidReferences.length > 0 ? { invalidReferences: check.invalidReferences } : {}),
    },
  };
}
