import { authedFetch } from '@tracemap/shell-core';
import { currentProposalOf } from '@tracemap/shell-core/current-proposal';
import type { CodegenDestination, CodegenValidation, GeneratedCodeResponse } from '@tracemap/contracts';

export type { CodegenDestination, CodegenValidation, GeneratedCodeResponse };

// Types only from the contracts: their values would bring the schema library into the page.
export const DESTINATION_LABELS: Record<CodegenDestination, string> = {
  segment: 'Segment',
  amplitude: 'Amplitude',
  mparticle: 'mParticle',
  rudderstack: 'RudderStack',
  gtag: 'Google tag (gtag)',
};
export const DESTINATIONS: readonly CodegenDestination[] = ['segment', 'amplitude', 'mparticle', 'rudderstack', 'gtag'];

const codegenPath = (companyId: string) => `/api/company/${encodeURIComponent(companyId)}/codegen/typescript`;
/** The code of the open proposal's plan while one is open, as every plan call. */
const inProposal = (companyId: string) => {
  const proposal = currentProposalOf(companyId);
  return proposal ? { proposal } : {};
};

/** `GET …/codegen/typescript?eventId=`: one event's part of the generated files (a large plan's whole code is megabytes). */
export function getEventCode(
  companyId: string,
  eventId: string,
  destination: CodegenDestination,
  signal?: AbortSignal,
): Promise<GeneratedCodeResponse> {
  return authedFetch<GeneratedCodeResponse>(codegenPath(companyId), {
    query: { destination, validation: 'none', eventId, ...inProposal(companyId) },
    signal,
  });
}

/**
 * `GET …/codegen/typescript?format=zip` as bytes. The session's client reads
 * JSON or text only, so its request goes through a fetch that keeps the zip
 * and hands the client an empty answer (errors still reach it whole, with the
 * session's handling of 401).
 */
export async function downloadTypeScriptZip(
  companyId: string,
  destination: CodegenDestination,
  validation: CodegenValidation,
): Promise<Blob> {
  let zip: Blob | null = null;
  await authedFetch<string>(codegenPath(companyId), {
    query: { destination, validation, format: 'zip', ...inProposal(companyId) },
    responseType: 'text',
    fetchFn: async (input, init) => {
      const response = await fetch(input, init);
      if (!response.ok) return response;
      zip = await response.blob();
      return new Response('', { status: 200 });
    },
  });
  if (!zip) throw new Error('The code archive did not arrive. Try again.');
  return zip;
}
