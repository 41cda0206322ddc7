// Webpack's `import.meta.webpackContext` gathers every content file of a folder at build time.
interface WebpackContext {
  keys(): string[];
  (id: string): { default: unknown };
}

interface ImportMeta {
  webpackContext(request: string, options: { recursive?: boolean; regExp?: RegExp }): WebpackContext;
}

declare module '*.md' {
  const document: { attributes: Record<string, unknown>; body: string };
  export default document;
}
