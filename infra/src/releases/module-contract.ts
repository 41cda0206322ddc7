import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The names a build takes from the shared singletons at run time, per module. A remote released on
 * its own runs against whatever shell is deployed: if the shell no longer provides a name the remote
 * imports (an export removed from shell-core, a react-router export left out of the shared subset),
 * the remote breaks in the browser although every version range still matches. Only value imports
 * count; types vanish at build time.
 */
export type ModuleContract = Record<string, string[]>;

/** The singletons whose exports are shared, and the file each one's shared exports come from. */
export const SHARED_MODULE_ENTRIES: Record<string, string> = {
  '@tracemap/shell-core': 'packages/shell-core/src/index.ts',
  '@tracemap/ui': 'packages/ui/src/index.ts',
  // The shell shares a fixed subset of react-router, not the package.
  'react-router': 'packages/webpack-config/react-router-subset.mjs',
};

export interface ProvidedSurface {
  /** Value exports per shared module. */
  values: ModuleContract;
  /** Type-only exports per shared module (an import of one of these costs nothing at run time). */
  types: ModuleContract;
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** Names a plain ES module re-exports by name (`export { a, b } from '…'`, `export const c`). */
function syntacticExports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      names.push(...statement.exportClause.elements.map((e) => e.name.text));
    } else if (ts.isVariableStatement(statement) || ts.isFunctionDeclaration(statement)) {
      const exported = ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      if (ts.isFunctionDeclaration(statement) && statement.name) names.push(statement.name.text);
      if (ts.isVariableStatement(statement))
        for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
    }
  }
  return names;
}

/** What the shell provides through its shared singletons, read from their sources. */
export function shellProvides(root: string): ProvidedSurface {
  const typed = Object.entries(SHARED_MODULE_ENTRIES).filter(([, file]) => file.endsWith('.ts'));
  const program = ts.createProgram(
    typed.map(([, file]) => path.join(root, file)),
    {
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      resolveJsonModule: true,
      skipLibCheck: true,
      noEmit: true,
    },
  );
  const checker = program.getTypeChecker();
  const values: ModuleContract = {};
  const types: ModuleContract = {};
  for (const [name, file] of Object.entries(SHARED_MODULE_ENTRIES)) {
    if (!file.endsWith('.ts')) {
      values[name] = sorted(syntacticExports(path.join(root, file)));
      types[name] = [];
      continue;
    }
    const source = program.getSourceFile(path.join(root, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`Cannot read the exports of ${name} (${file})`);
    const valueNames: string[] = [];
    const typeNames: string[] = [];
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      (target.flags & ts.SymbolFlags.Value ? valueNames : typeNames).push(symbol.name);
    }
    values[name] = sorted(valueNames);
    types[name] = sorted(typeNames);
  }
  return { values, types };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

/**
 * The value names an app's shipped sources import from the shared singletons (tests excluded).
 * A name the shell does not export at all is kept, so it shows up as missing.
 */
export function appImports(appSrc: string, provided: ProvidedSurface): ModuleContract {
  const found: Record<string, Set<string>> = {};
  const add = (module: string, name: string) => {
    if (provided.types[module]?.includes(name) && !provided.values[module]?.includes(name)) return;
    (found[module] ??= new Set()).add(name);
  };
  for (const file of sourceFiles(appSrc)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      if (!specifier || !(specifier in SHARED_MODULE_ENTRIES)) continue;
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        if (!clause || clause.isTypeOnly) continue;
        if (clause.name) add(specifier, 'default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) add(specifier, '*');
        if (bindings && ts.isNamedImports(bindings))
          for (const e of bindings.elements) if (!e.isTypeOnly) add(specifier, (e.propertyName ?? e.name).text);
      } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
        const clause = statement.exportClause;
        if (!clause) add(specifier, '*');
        else if (ts.isNamedExports(clause))
          for (const e of clause.elements) if (!e.isTypeOnly) add(specifier, (e.propertyName ?? e.name).text);
      }
    }
  }
  return Object.fromEntries(
    Object.keys(found)
      .sort()
      .map((module) => [module, sorted(found[module])]),
  );
}

/** Each name `imports` needs that `provides` lacks, as `module: name` (`*` needs the whole module). */
export function missingImports(provides: ModuleContract, imports: ModuleContract): string[] {
  return Object.entries(imports).flatMap(([module, names]) =>
    names.filter((name) => name !== '*' && !provides[module]?.includes(name)).map((name) => `${module}: ${name}`),
  );
}
