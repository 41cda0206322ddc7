import type { DestinationCredentials, DestinationSettings } from '@tracemap/contracts';
import type { IntegrationsConfig } from '../../config';
import { authHeaders } from '../destination-auth';
import { destinationHttp, realClock, type Clock } from '../destination-http';
import { readRemote } from '../read-remote';

/** The vendor's API address: server configuration only, never a user's input. */
export function baseUrlOf(config: IntegrationsConfig, kind: DestinationSettings['kind']): string {
  switch (kind) {
    case 'segment':
      return config.DESTINATION_SEGMENT_URL;
    case 'amplitude':
      return config.DESTINATION_AMPLITUDE_URL;
    case 'mparticle':
      return config.DESTINATION_MPARTICLE_URL;
    case 'rudderstack':
      return config.DESTINATION_RUDDERSTACK_URL;
  }
}

export interface Target {
  settings: DestinationSettings;
  credentials: DestinationCredentials;
}

/** What the destination holds now, read with its credentials (a preview, a test, the drift check). */
export function readTarget(
  config: IntegrationsConfig,
  target: Target,
  options: { clock?: Clock; maxAttempts?: number } = {},
): Promise<unknown> {
  const clock = options.clock ?? realClock;
  const http = destinationHttp({
    destination: target.settings.kind,
    baseUrl: baseUrlOf(config, target.settings.kind).replace(/\/$/, ''),
    headers: authHeaders(target.settings, target.credentials, {
      tokenUrl: config.DESTINATION_MPARTICLE_TOKEN_URL,
      clock,
    }),
    clock,
    maxAttempts: options.maxAttempts,
  });
  return readRemote(http, target.settings);
}
