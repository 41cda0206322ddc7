import { runInThisContext } from 'node:vm';
import ts from 'typescript';
import type { Attribute, NativePlan } from '@tracemap/contracts';
import type { CodegenPlan, GeneratedFile } from '../../src/codegen';
import { samplePlans } from '../../src/samples';

/** The code generator's test kit: plans, the TypeScript compiler over files in memory, and a loader for the output. */

const stamps = { version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

export function codegenPlan(native: NativePlan, attributeInheritance = true): CodegenPlan {
  return {
    attributes: native.attributes.map((a): Attribute => ({ ...a, ...stamps })),
    events: native.events,
    views: native.views,
    maps: native.maps ?? [],
    attributeInheritance,
  };
}
export const samplePlan = () => codegenPlan(samplePlans.ecommerce);

export const STRICT: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  noUnusedLocals: true,
  noUnusedParameters: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  types: [],
  // Our files are what is checked; the standard library's own declarations need no second look.
  skipLibCheck: true,
};

// Library files parsed once for every program of a run: parsing lib.es2022 is most of a compile.
const libraryFiles = new Map<string, ts.SourceFile | undefined>();

/** Type-checks files held in memory (paths under `/virtual/`); answers the diagnostics as `path(line): message`. */
export function compile(files: readonly GeneratedFile[], options: ts.CompilerOptions = STRICT): string[] {
  const root = '/virtual/';
  const sources = new Map(files.map((f) => [root + f.path, f.content]));
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language) => {
    const text = sources.get(fileName);
    if (text !== undefined) return ts.createSourceFile(fileName, text, language, true);
    if (!libraryFiles.has(fileName)) libraryFiles.set(fileName, getSourceFile(fileName, language));
    return libraryFiles.get(fileName);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => sources.has(fileName) || fileExists(fileName);
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) => name.startsWith('/virtual') || (directoryExists?.(name) ?? false);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => sources.get(fileName) ?? readFile(fileName);
  const program = ts.createProgram({ rootNames: [...sources.keys()], options, host });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return message;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${d.file.fileName.slice(root.length)}(${line + 1}): ${message}`;
  });
}

/**
 * Loads generated files as CommonJS, each load with fresh module state, and answers a module's
 * exports, as an app bundling them would see them.
 */
export function load(files: readonly GeneratedFile[], path: string): Record<string, unknown> {
  const js = new Map(
    files.map((f) => [
      f.path.replace(/\.ts$/, ''),
      ts.transpileModule(f.content, {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
      }).outputText,
    ]),
  );
  const cache = new Map<string, Record<string, unknown>>();
  const requireFrom = (directory: string) => (specifier: string) => {
    const id = resolve(directory, specifier);
    const cached = cache.get(id);
    if (cached) return cached;
    const code = js.get(id);
    if (code === undefined) throw new Error(`No generated module ${id}`);
    const module = { exports: {} as Record<string, unknown> };
    cache.set(id, module.exports);
    runInThisContext(`(function (exports, require, module) {${code}\n})`)(
      module.exports,
      requireFrom(id.slice(0, id.lastIndexOf('/'))),
      module,
    );
    return module.exports;
  };
  return requireFrom('')(path.startsWith('./') ? path : `./${path}`);
}

function resolve(directory: string, specifier: string): string {
  const parts = directory ? directory.split('/') : [];
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** A fake client that records every call as `[method, ...args]`. */
export function recordingClient(methods: readonly string[]) {
  const calls: unknown[][] = [];
  const client = Object.fromEntries(methods.map((m) => [m, (...args: unknown[]) => void calls.push([m, ...args])]));
  return { client, calls };
}
