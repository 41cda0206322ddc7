import fs from 'node:fs';
import path from 'node:path';

// The service's source as an import graph: each file and the files of this service it imports.
const SRC = path.join(__dirname, '..', 'src');
const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
const files = walk(SRC);
const resolveImport = (from: string, spec: string): string | null => {
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate)) ?? null;
};
const graph = new Map(
  files.map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const specs = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
    return [file, specs.map((spec) => resolveImport(file, spec)).filter((f): f is string => f !== null)];
  }),
);
const name = (file: string) => path.relative(SRC, file);

/** Every import cycle, each named once by its files in order. */
function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)).map(name));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

test('no file of the service imports itself back through others (type imports count)', () => {
  expect(cycles()).toEqual([]);
});

test('core imports nothing of the features built on it', () => {
  const core = path.join(SRC, 'core');
  expect(fs.existsSync(core)).toBe(true);
  const outward = files
    .filter((file) => file.startsWith(core + path.sep))
    .flatMap((file) =>
      (graph.get(file) ?? [])
        .filter((target) => !target.startsWith(core + path.sep) && name(target) !== 'config.ts')
        .map((target) => `${name(file)} -> ${name(target)}`),
    );
  expect(outward).toEqual([]);
});

test('the audit log is written in one place', () => {
  const writers = files
    .filter((file) => /INSERT INTO company\.audit_log|recordAudit\(/.test(fs.readFileSync(file, 'utf8')))
    .map(name);
  expect(writers).toEqual(['core/audit.ts']);
});

test('routes read their typed input from the type provider or route generics, never through casts (tests and scripts too)', () => {
  const everywhere = [...files, ...walk(path.join(__dirname)), ...walk(path.join(__dirname, '..', 'scripts'))].filter(
    (file) => file !== __filename,
  );
  const casts = everywhere.filter((file) =>
    /as\s+Static<|request\.(body|params|query)\s+as\s/.test(fs.readFileSync(file, 'utf8')),
  );
  expect(casts.map((file) => path.relative(path.join(__dirname, '..'), file))).toEqual([]);
});
