import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const BOUNDARY_RULES = [
  'import-x/no-relative-packages',
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  'no-restricted-syntax',
];

interface Snippet {
  name: string;
  filePath: string;
  code: string;
  /** Boundary rules expected to report, in order; empty when the import is legal. */
  reported: string[];
}

// The company service's folders change as it is reorganised: import whichever files are there now.
const firstSource = (dir: string) => {
  const file = readdirSync(path.join(ROOT, dir)).find((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  if (!file) throw new Error(`no source file in ${dir}`);
  return `./${file.replace(/\.ts$/, '')}`;
};
const companyFeatureFile = `../companies/${firstSource('services/company/src/companies').slice(2)}`;
const companyCoreFile = firstSource('services/company/src/core');

const SNIPPETS: Snippet[] = [
  {
    name: "a relative path into another workspace's files",
    filePath: 'infra/src/settings-probe.ts',
    code: "export * from '../../services/company/src/config';",
    reported: ['import-x/no-relative-packages'],
  },
  {
    name: "another package's src/ through its name",
    filePath: 'infra/src/settings-probe.ts',
    code: "export * from '@tracemap/company/src/config';",
    reported: ['no-restricted-imports'],
  },
  {
    name: "another package's src/ loaded on demand",
    filePath: 'infra/src/settings-probe.ts',
    code: "export const load = () => import('@tracemap/company/src/config');",
    reported: ['no-restricted-syntax'],
  },
  {
    name: "another package's src/ required",
    filePath: 'infra/src/settings-probe.ts',
    code: "export const config = require('@tracemap/company/src/config');",
    reported: ['no-restricted-syntax'],
  },
  {
    name: "what a service's package exports",
    filePath: 'infra/src/settings-probe.ts',
    code: "export * from '@tracemap/company/config';",
    reported: [],
  },
  {
    name: 'a package importing a service',
    filePath: 'packages/contracts/src/probe.ts',
    code: "export * from '@tracemap/company/config';",
    reported: ['import-x/no-restricted-paths'],
  },
  {
    name: 'a service importing another service',
    filePath: 'services/account/src/probe.ts',
    code: "export * from '@tracemap/company/config';",
    reported: ['import-x/no-restricted-paths'],
  },
  {
    name: "a service's test starting a peer through the peer's exports",
    filePath: 'services/account/test/probe.ts',
    code: "export * from '@tracemap/company/config';",
    reported: [],
  },
  {
    name: 'a service importing a package',
    filePath: 'services/account/src/probe.ts',
    code: "export * from '@tracemap/contracts';",
    reported: [],
  },
  {
    name: 'a remote importing the shell',
    filePath: 'mfe-marketing/src/pages/probe.tsx',
    code: "export * from '@tracemap/shell/render-app';",
    reported: ['import-x/no-restricted-paths'],
  },
  {
    name: "the marketing prerender using the shell's render entry",
    filePath: 'mfe-marketing/src/prerender/probe.tsx',
    code: "export * from '@tracemap/shell/render-app';",
    reported: [],
  },
  {
    name: 'a remote importing another remote',
    filePath: 'mfe-admin/src/probe.tsx',
    code: "export * from '../../mfe-company/src/routes';",
    reported: ['import-x/no-relative-packages', 'import-x/no-restricted-paths'],
  },
  {
    name: "the company service's core importing a feature",
    filePath: 'services/company/src/core/probe.ts',
    code: `export * from '${companyFeatureFile}';`,
    reported: ['import-x/no-restricted-paths'],
  },
  {
    name: "the company service's core importing core",
    filePath: 'services/company/src/core/probe.ts',
    code: `export * from '${companyCoreFile}';`,
    reported: [],
  },
  {
    name: "a company feature importing the service's core",
    filePath: 'services/company/src/companies/probe.ts',
    code: `export * from '../core/${companyCoreFile.slice(2)}';`,
    reported: [],
  },
];

function lint(snippets: Snippet[]): { ruleId: string | null; message: string }[][] {
  const output = execFileSync(process.execPath, [path.join(__dirname, 'support/lint-snippets.mjs')], {
    cwd: ROOT,
    input: JSON.stringify(snippets.map(({ filePath, code }) => ({ filePath, code }))),
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

describe('lint: import boundaries between workspaces and layers', () => {
  let results: ReturnType<typeof lint>;
  beforeAll(() => {
    results = lint(SNIPPETS);
  });

  it.each(SNIPPETS.map((snippet, index) => [snippet.name, snippet, index] as const))('%s', (_name, snippet, index) => {
    const reported = results[index].filter((m) => m.ruleId && BOUNDARY_RULES.includes(m.ruleId));
    expect(reported.map((m) => m.ruleId)).toEqual(snippet.reported);
    // Nothing else of the snippet fails lint (an unresolved import would hide a boundary).
    expect(results[index].filter((m) => !m.ruleId || !BOUNDARY_RULES.includes(m.ruleId))).toEqual([]);
  });

  it('names the public entry in its message', () => {
    const [messages] = lint([SNIPPETS[1]]);
    expect(messages[0].message).toContain('"exports"');
  });
});
