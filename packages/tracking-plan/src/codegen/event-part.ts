import type { GeneratedCode } from './generate';

/** The `// #region` blocks of a generated file, each from its marker to its end marker. */
function regions(text: string): string[] {
  return text
    .split(/^(?=\/\/ #region )/m)
    .filter((block) => block.startsWith('// #region '))
    .map((block) => block.slice(0, block.indexOf('// #endregion') + '// #endregion'.length));
}

/**
 * One event's part of generated code, for showing beside the event: its region
 * of `events.ts` (properties type and `trackX`) and the regions of `views.ts`
 * whose helpers send it. Empty when the code has no such event (archived).
 */
export function eventPart(code: GeneratedCode, eventId: string): GeneratedCode {
  const symbol = code.events.find((e) => e.eventId === eventId);
  if (!symbol) return { files: [], events: [] };
  const files = code.files.flatMap((file) => {
    const blocks = file.path.endsWith('/events.ts')
      ? regions(file.content).filter((b) => b.includes(`\nexport function ${symbol.functionName}(`))
      : file.path.endsWith('/views.ts')
        ? regions(file.content).filter((b) => b.includes(`\n    ${symbol.functionName}: (`))
        : [];
    return blocks.length > 0 ? [{ path: file.path, content: `${blocks.join('\n\n')}\n` }] : [];
  });
  return { files, events: [symbol] };
}
