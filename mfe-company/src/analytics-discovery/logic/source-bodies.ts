import type { AMPLITUDE_REGIONS, CreateSourceInput } from '@tracemap/contracts';

export type AmplitudeRegion = (typeof AMPLITUDE_REGIONS)[number];

export interface Ga4Fields {
  name: string;
  propertyId: string;
  serviceAccountKey: string;
}

export interface AmplitudeFields {
  name: string;
  apiKey: string;
  secretKey: string;
  region: AmplitudeRegion;
}

/** The create body for a GA4 source: the key file's JSON text is sent as it is, the service checks it. */
export function ga4SourceBody(f: Ga4Fields): CreateSourceInput {
  return {
    kind: 'ga4',
    name: f.name.trim(),
    propertyId: f.propertyId.trim(),
    credentials: { serviceAccountKey: f.serviceAccountKey.trim() },
  };
}

/** The create body for an Amplitude source. */
export function amplitudeSourceBody(f: AmplitudeFields): CreateSourceInput {
  return {
    kind: 'amplitude',
    name: f.name.trim(),
    region: f.region,
    credentials: { apiKey: f.apiKey.trim(), secretKey: f.secretKey.trim() },
  };
}
