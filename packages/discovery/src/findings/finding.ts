import type {
  FindingCounts,
  FindingDetails,
  FindingLayer,
  FindingSeverity,
  FindingSubject,
  FindingType,
  JudgedFinding,
} from '@tracemap/contracts';
import { stableHash } from '../profile/shape-hash';

/**
 * Stable across judgements and plan versions: the same problem on the same
 * subject and layer keeps its fingerprint, so storage keeps its triage state.
 */
export function fingerprintOf(type: FindingType, subject: FindingSubject, layer: FindingLayer): string {
  return stableHash(
    JSON.stringify([type, subject.event, subject.property ?? null, layer.layer, layer.id ?? layer.name ?? null]),
  );
}

export interface FindingInput {
  type: FindingType;
  severity: FindingSeverity;
  layer: FindingLayer;
  subject: FindingSubject;
  counts: FindingCounts;
  firstSeen: number | null;
  lastSeen: number | null;
  details?: FindingDetails;
}

export function finding(input: FindingInput, planVersion: string): JudgedFinding {
  const subject: FindingSubject =
    input.subject.property === undefined
      ? { event: input.subject.event }
      : { event: input.subject.event, property: input.subject.property };
  const layer: FindingLayer = { layer: input.layer.layer };
  if (input.layer.id !== undefined) layer.id = input.layer.id;
  if (input.layer.name !== undefined) layer.name = input.layer.name;
  return {
    fingerprint: fingerprintOf(input.type, subject, layer),
    type: input.type,
    severity: input.severity,
    layer,
    subject,
    counts: input.counts,
    firstSeen: toIso(input.firstSeen),
    lastSeen: toIso(input.lastSeen),
    planVersion,
    details: input.details ?? {},
  };
}

function toIso(time: number | null): string | null {
  return time === null || !Number.isFinite(time) ? null : new Date(time).toISOString();
}

/** A share rounded to four places, so findings compare and snapshot steadily. */
export function rate(affected: number, observed: number): number {
  return observed === 0 ? 0 : Math.round((affected / observed) * 10_000) / 10_000;
}

/** App versions in release order: numeric parts as numbers (`5.10.0` after `5.9.1`), other parts as text. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[^0-9A-Za-z]+/);
  const pb = b.split(/[^0-9A-Za-z]+/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    if (x === y) continue;
    const nx = /^\d+$/.test(x) ? Number(x) : NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : NaN;
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return x < y ? -1 : 1;
  }
  return 0;
}
