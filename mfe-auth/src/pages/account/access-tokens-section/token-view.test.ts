import { companyLabel, formatDay, lastUsedLabel, mcpUrl, validateTokenName } from './token-view';

describe('personal access tokens on the account page', () => {
  test('the MCP address is the product’s own', () => {
    expect(mcpUrl('https://app.example.com')).toBe('https://app.example.com/api/insights/mcp');
    expect(mcpUrl('http://localhost:8080/')).toBe('http://localhost:8080/api/insights/mcp');
  });
  test('a token names its company, or says the user has left it', () => {
    const companies = [{ id: 'c1', name: 'Acme' }];
    expect(companyLabel(companies, 'c1')).toBe('Acme');
    expect(companyLabel(companies, 'c2')).toBe('A company you have left');
  });
  test('dates are days, and a token not used yet says so', () => {
    expect(formatDay('2026-03-04T23:59:00.000Z')).toBe('4 Mar 2026');
    expect(lastUsedLabel({ lastUsedAt: null })).toBe('never used');
    expect(lastUsedLabel({ lastUsedAt: '2026-03-05T10:00:00.000Z' })).toBe('last used 5 Mar 2026');
  });
  test('a name is required and at most 100 characters', () => {
    expect(validateTokenName('  ')).toMatch(/name/);
    expect(validateTokenName('x'.repeat(101))).toMatch(/100/);
    expect(validateTokenName(' Claude desktop ')).toBeNull();
  });
});
