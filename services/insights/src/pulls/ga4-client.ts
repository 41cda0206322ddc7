import { createSign } from 'node:crypto';
import { PullFailure } from './pull-failure';
import { vendorRequest, type RetryPolicy } from './vendor-request';

/** Where the service reaches Google: configuration only, never a company's settings. */
export interface Ga4Endpoints {
  dataApiUrl: string;
  tokenUrl: string;
}

export interface Ga4ReportRow {
  dimensions: string[];
  count: number;
}

const SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
/** The Data API takes at most nine dimensions in one report: the event name and eight parameters. */
export const GA4_PARAMETERS_MAX = 8;

interface KeyFile {
  client_email: string;
  private_key: string;
}

function readKeyFile(text: string): KeyFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const key = parsed as Partial<KeyFile> | null;
  if (!key || typeof key.client_email !== 'string' || typeof key.private_key !== 'string')
    throw new PullFailure(
      'The GA4 service account key is not a key file Google issues (client_email and private_key are needed).',
    );
  return { client_email: key.client_email, private_key: key.private_key };
}

async function googleMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as {
      error?: { message?: string; status?: string } | string;
      error_description?: string;
    };
    if (typeof body.error === 'object' && body.error)
      return `${response.status} ${body.error.status ?? ''}: ${body.error.message ?? ''}`.trim();
    if (typeof body.error === 'string')
      return `${response.status} ${body.error}: ${body.error_description ?? ''}`.trim();
  } catch {
    // not Google's JSON: its first words are said instead
  }
  return `${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
}

/** A report request's failure in words, by what GA4 answered. */
async function reportFailure(response: Response, propertyId: string, policy: RetryPolicy): Promise<PullFailure> {
  const said = await googleMessage(response);
  if (response.status === 401) return new PullFailure(`GA4 refused the access token (${said})`);
  if (response.status === 403)
    return new PullFailure(`GA4 denied the service account access to property ${propertyId} (${said})`);
  if (response.status === 429)
    return new PullFailure(
      `GA4's quota for property ${propertyId} is used up, still after ${policy.attempts} attempts (${said})`,
    );
  if (response.status >= 500) return new PullFailure(`GA4 failed, still after ${policy.attempts} attempts (${said})`);
  return new PullFailure(`GA4 refused the report request (${said})`);
}

/**
 * Reads a GA4 property through the Data API with a service account: a token from Google's
 * OAuth endpoint for a signed assertion, the property's registered custom parameters from its
 * metadata, and event counts page by page.
 */
export class Ga4Client {
  private accessToken: string | null = null;

  constructor(
    private readonly endpoints: Ga4Endpoints,
    private readonly keyFileText: string,
    private readonly propertyId: string,
    private readonly policy: RetryPolicy,
    private readonly signal?: AbortSignal,
    private readonly pageRows = 10_000,
  ) {}

  private async token(): Promise<string> {
    if (this.accessToken) return this.accessToken;
    const key = readKeyFile(this.keyFileText);
    const now = Math.floor(Date.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({
      iss: key.client_email,
      scope: SCOPE,
      aud: this.endpoints.tokenUrl,
      iat: now,
      exp: now + 3600,
    })}`;
    let signature: string;
    try {
      signature = createSign('RSA-SHA256').update(unsigned).sign(key.private_key).toString('base64url');
    } catch {
      throw new PullFailure('The GA4 service account key holds no usable private key.');
    }
    const response = await vendorRequest(
      'Google',
      () =>
        fetch(this.endpoints.tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
            assertion: `${unsigned}.${signature}`,
          }),
          signal: this.signal,
        }),
      this.policy,
      this.signal,
    );
    if (!response.ok)
      throw new PullFailure(`Google refused the service account key (${await googleMessage(response)})`);
    const body = (await response.json()) as { access_token?: unknown };
    if (typeof body.access_token !== 'string') throw new PullFailure('Google answered no access token.');
    this.accessToken = body.access_token;
    return body.access_token;
  }

  private async call(path: string, init: { method: 'GET' } | { method: 'POST'; body: object }): Promise<unknown> {
    const token = await this.token();
    const response = await vendorRequest(
      'GA4',
      () =>
        fetch(`${this.endpoints.dataApiUrl}/v1beta/properties/${this.propertyId}${path}`, {
          method: init.method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: init.method === 'POST' ? JSON.stringify(init.body) : undefined,
          signal: this.signal,
        }),
      this.policy,
      this.signal,
    );
    if (!response.ok) throw await reportFailure(response, this.propertyId, this.policy);
    return response.json();
  }

  /** The event parameters registered as custom dimensions (`customEvent:…`), the only ones the Data API shows. */
  async customParameters(): Promise<string[]> {
    const body = (await this.call('/metadata', { method: 'GET' })) as {
      dimensions?: { apiName?: unknown; customDefinition?: unknown }[];
    };
    return (body.dimensions ?? [])
      .map((d) => d.apiName)
      .filter((name): name is string => typeof name === 'string' && name.startsWith('customEvent:'))
      .map((name) => name.slice('customEvent:'.length));
  }

  /** One `runReport` request as it is given, answered as Google sent it (the assistant's queries). */
  runReport(body: object): Promise<unknown> {
    return this.call(':runReport', { method: 'POST', body });
  }

  /** Event counts by the given dimensions over the date range, page after page until `rowCount` rows came. */
  async *report(
    dateRange: { startDate: string; endDate: string },
    dimensions: string[],
  ): AsyncGenerator<Ga4ReportRow, void, undefined> {
    for (let offset = 0; ;) {
      const body = (await this.call(':runReport', {
        method: 'POST',
        body: {
          dateRanges: [dateRange],
          dimensions: dimensions.map((name) => ({ name })),
          metrics: [{ name: 'eventCount' }],
          limit: this.pageRows,
          offset,
        },
      })) as {
        rows?: { dimensionValues?: { value?: string }[]; metricValues?: { value?: string }[] }[];
        rowCount?: number;
      };
      const rows = body.rows ?? [];
      for (const row of rows) {
        const count = Number(row.metricValues?.[0]?.value ?? 0);
        if (!Number.isSafeInteger(count) || count <= 0) continue;
        yield { dimensions: (row.dimensionValues ?? []).map((v) => v.value ?? ''), count };
      }
      offset += rows.length;
      if (rows.length === 0 || offset >= (body.rowCount ?? 0)) return;
    }
  }
}
