import { readFileSync } from 'node:fs';

/** The sample e-commerce plan in the native format, as a company imports it. */
export const SAMPLE_PLAN_TEXT = readFileSync(require.resolve('@tracemap/tracking-plan/samples/ecommerce.json'), 'utf8');

/** A JSON call to the product through the gateway as a signed-in person; anything but 2xx throws. */
export type SessionApi = (method: string, apiPath: string, body?: string, contentType?: string) => Promise<unknown>;

export function sessionApi(baseUrl: string, accessToken: () => string): SessionApi {
  return async (method, apiPath, body, contentType = 'application/json') => {
    const res = await fetch(`${baseUrl}${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken()}`,
        ...(body === undefined ? {} : { 'content-type': contentType }),
      },
      body,
    });
    if (!res.ok) throw new Error(`${method} ${apiPath} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
}

/** A new company of the caller, with the sample plan imported; its id. */
export async function companyWithSamplePlan(api: SessionApi, name: string): Promise<string> {
  const created = (await api('POST', '/api/company/create', JSON.stringify({ name }))) as { company: { id: string } };
  const imported = (await api(
    'POST',
    `/api/company/${created.company.id}/tracking-plan/import?format=native&dryRun=false`,
    SAMPLE_PLAN_TEXT,
  )) as { applied: boolean };
  if (!imported.applied) throw new Error('the sample plan was not applied');
  return created.company.id;
}
