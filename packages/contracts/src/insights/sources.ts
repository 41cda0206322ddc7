import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../nullable';
import { strictObject, TimestampSchema, UuidSchema } from '../primitives';
import { literals } from '../tracking-plan/model';

// Discovery's sources: where a company's observed traffic comes from. Uploads
// and the collector receive it; GA4 and Amplitude are pulled with credentials
// the company gives once and that are never answered back.

export const SOURCE_KINDS = ['upload', 'collector', 'ga4', 'amplitude'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** The formats a collector receives: the webhook destinations of Segment, RudderStack and mParticle; `auto` reads each record's shape. */
export const COLLECTOR_FORMATS = ['auto', 'segment', 'rudderstack', 'mparticle'] as const;
export type CollectorFormat = (typeof COLLECTOR_FORMATS)[number];

/** Amplitude keeps a project's data in one region; the service knows each region's address. */
export const AMPLITUDE_REGIONS = ['us', 'eu'] as const;

const SourceName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', nameText: true });

export const SourcePathParams = Type.Object({ companyId: UuidSchema, sourceId: UuidSchema }, strictObject);
export type SourcePathParams = Static<typeof SourcePathParams>;

export const SourceSchema = Type.Object(
  {
    id: UuidSchema,
    kind: literals(SOURCE_KINDS),
    name: Type.String(),
    /** What a collector receives (null for the other kinds). */
    format: Nullable(literals(COLLECTOR_FORMATS)),
    /** The first characters of a collector's ingest key, to tell keys apart; the key itself is answered only once. */
    ingestKeyPrefix: Nullable(Type.String()),
    keyRotatedAt: Nullable(TimestampSchema),
    /** GA4: the property read; null for the other kinds. */
    propertyId: Nullable(Type.String()),
    /** Amplitude: the region of the project; null for the other kinds. */
    region: Nullable(literals(AMPLITUDE_REGIONS)),
    /** Whether credentials are stored (they are never answered). */
    hasCredentials: Type.Boolean(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  },
  strictObject,
);
export type Source = Static<typeof SourceSchema>;

export const SourceListResponse = Type.Object({ items: Type.Array(SourceSchema) }, strictObject);
export type SourceListResponse = Static<typeof SourceListResponse>;

const UploadSourceBody = Type.Object({ kind: Type.Literal('upload'), name: SourceName }, strictObject);
const CollectorSourceBody = Type.Object(
  { kind: Type.Literal('collector'), name: SourceName, format: Type.Optional(literals(COLLECTOR_FORMATS)) },
  strictObject,
);
const Ga4SourceBody = Type.Object(
  {
    kind: Type.Literal('ga4'),
    name: SourceName,
    propertyId: Type.String({ pattern: '^[0-9]{1,20}$' }),
    credentials: Type.Object(
      {
        /** A service account's key file (JSON text) with read access to the property. */
        serviceAccountKey: Type.String({ minLength: 2, maxLength: 20000 }),
      },
      strictObject,
    ),
  },
  strictObject,
);
const AmplitudeSourceBody = Type.Object(
  {
    kind: Type.Literal('amplitude'),
    name: SourceName,
    region: Type.Optional(literals(AMPLITUDE_REGIONS)),
    credentials: Type.Object(
      {
        apiKey: Type.String({ minLength: 1, maxLength: 200 }),
        secretKey: Type.String({ minLength: 1, maxLength: 200 }),
      },
      strictObject,
    ),
  },
  strictObject,
);

/** `POST /api/insights/{companyId}/discovery/sources` */
export const CreateSourceBody = Type.Union([UploadSourceBody, CollectorSourceBody, Ga4SourceBody, AmplitudeSourceBody]);
export type CreateSourceInput = Static<typeof CreateSourceBody>;

/** The created source; a collector's `ingestKey` is in this answer only (and in a rotation's). */
export const CreatedSourceResponse = Type.Object(
  { source: SourceSchema, ingestKey: Type.Optional(Type.String()) },
  strictObject,
);
export type CreatedSourceResponse = Static<typeof CreatedSourceResponse>;

/** `POST …/sources/{sourceId}/rotate-key`: the new key, answered once; the old one stops working at once. */
export const RotatedKeyResponse = Type.Object({ source: SourceSchema, ingestKey: Type.String() }, strictObject);
export type RotatedKeyResponse = Static<typeof RotatedKeyResponse>;
