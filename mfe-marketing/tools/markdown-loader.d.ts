/** Front matter and markdown of a content file, as the module source webpack receives. */
declare function markdownLoader(source: string): string;
export = markdownLoader;
