import { eventsFile, indexFile, runtimeFile, viewsFile } from './emit-code';
import { validatorsFile } from './emit-validators';
import { memberWriter } from './type-text';
import type { CodegenDestination, CodegenValidation } from '@tracemap/contracts';
import { buildModel, type CodegenPlan } from './model';

export interface GeneratedFile {
  path: string;
  content: string;
}

/** Where each event's code is, so a screen can show one event's part. */
export interface GeneratedEventSymbol {
  eventId: string;
  name: string;
  functionName: string;
  typeName: string;
}

export interface GeneratedCode {
  files: GeneratedFile[];
  events: GeneratedEventSymbol[];
}

export const CODEGEN_DIRECTORY = 'tracemap';

/**
 * TypeScript for a plan and one destination: one tree-shakeable `trackX` per
 * live event, view helpers that carry inherited view attributes, system
 * attributes set once, and with `validation: 'dev'` a validator module the app
 * imports only in development. The same plan always gives the same bytes:
 * everything is sorted and nothing depends on the clock. The generator's own
 * words are ASCII, so a plan with ASCII names stays one byte per character
 * in memory, which halves the cost of building a large plan's files.
 */
export function generateTypeScript(
  plan: CodegenPlan,
  options: { destination: CodegenDestination; validation: CodegenValidation },
): GeneratedCode {
  const model = buildModel(plan, options.destination);
  const write = memberWriter();
  const files: GeneratedFile[] = [
    { path: 'events.ts', content: eventsFile(model, write) },
    { path: 'index.ts', content: indexFile(model.views.length > 0) },
    { path: 'runtime.ts', content: runtimeFile(model, options.destination, write) },
  ];
  if (model.views.length > 0) files.push({ path: 'views.ts', content: viewsFile(model, write) });
  if (options.validation === 'dev') files.push({ path: 'validators.ts', content: validatorsFile(model) });
  return {
    files: files
      .map((f) => ({ path: `${CODEGEN_DIRECTORY}/${f.path}`, content: f.content }))
      .sort((a, b) => (a.path < b.path ? -1 : 1)),
    events: model.events.map((e) => ({
      eventId: e.id,
      name: e.name,
      functionName: e.functionName,
      typeName: e.typeName,
    })),
  };
}
