export { generateTypeScript, CODEGEN_DIRECTORY } from './generate';
export type { GeneratedCode, GeneratedEventSymbol, GeneratedFile } from './generate';
export type { CodegenPlan } from './model';
