import { startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

test('every public route describes its successful answer with a schema', async () => {
  const document = (await h.call(null, { method: 'GET', url: '/api/company/openapi.json' })).json();
  // The plan export answers a file (native JSON, CSV or a schema bundle) rather than a JSON answer.
  const files = ['GET /api/company/{companyId}/tracking-plan/export'];
  const undescribed: string[] = [];
  for (const [path, operations] of Object.entries<
    Record<string, { responses?: Record<string, { content?: unknown; description?: string }> }>
  >(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
      // A 204 says there is nothing; every other success names the shape of what it sends.
      const described =
        success.length > 0 && success.every(([status, response]) => status === '204' || response.content !== undefined);
      const route = `${method.toUpperCase()} ${path}`;
      if (!described && !files.includes(route)) undescribed.push(route);
    }
  }
  expect(undescribed).toEqual([]);
});

test("the company, member and invitation routes answer in their contracts' shapes", async () => {
  const document = (await h.call(null, { method: 'GET', url: '/api/company/openapi.json' })).json();
  const schemaOf = (path: string, method: string, status: string) =>
    document.paths[path][method].responses[status].content['application/json'].schema;
  expect(Object.keys(schemaOf('/api/company/create', 'post', '201').properties).sort()).toEqual(['company', 'role']);
  expect(
    Object.keys(schemaOf('/api/company/get-invitations', 'post', '200').properties.invitations.items.properties),
  ).not.toContain('tokenHash');
  expect(schemaOf('/api/company/invite', 'get', '200').properties.invitation.properties.status).toMatchObject({
    enum: ['pending'],
  });
  expect(Object.keys(schemaOf('/api/company/permissions', 'patch', '200').properties)).toEqual(['member']);
  expect(
    Object.keys(schemaOf('/api/company/invitations/{invitationId}/claim', 'post', '201').properties).sort(),
  ).toEqual(['companyId', 'email', 'role']);
});
