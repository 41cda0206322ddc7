export { generateTypeScript, CODEGEN_DIRECTORY } from './generate';
export type { GeneratedCode, GeneratedEventSymbol, GeneratedFile } from './generate';
export { eventPart } from './event-part';
export type { CodegenPlan } from './model';
