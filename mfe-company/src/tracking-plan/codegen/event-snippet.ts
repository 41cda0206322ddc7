import type { GeneratedCodeResponse } from './codegen-api';

/**
 * One event's part of the generated code: its properties type and `trackX`
 * function (the region the generator writes around them in `events.ts`), the
 * import line, and the view helpers that can send it.
 */
export interface EventSnippet {
  importLine: string;
  code: string;
  /** `onCheckoutView(view).trackCouponApplied(properties)` for each view the event fires on. */
  viaViews: string[];
}

const fileOf = (code: GeneratedCodeResponse, path: string) => code.files.find((f) => f.path === path)?.content ?? '';

function regions(text: string): string[] {
  return text.split(/^(?=\/\/ #region )/m).filter((block) => block.startsWith('// #region '));
}

export function eventSnippet(code: GeneratedCodeResponse, eventId: string): EventSnippet | null {
  const symbol = code.events.find((e) => e.eventId === eventId);
  if (!symbol) return null;
  const own = regions(fileOf(code, 'tracemap/events.ts')).find((block) =>
    block.includes(`export function ${symbol.functionName}(`),
  );
  if (!own) return null;
  const viaViews = regions(fileOf(code, 'tracemap/views.ts')).flatMap((block) => {
    if (!block.includes(`    ${symbol.functionName}: (`)) return [];
    const helper = /^export function (\S+)\((view)?/m.exec(block);
    return helper ? [`${helper[1]}(${helper[2] ? 'view' : ''}).${symbol.functionName}(properties)`] : [];
  });
  return {
    importLine: `import { ${symbol.functionName} } from './tracemap';`,
    code: own.replace(/^\/\/ #(end)?region.*\n?/gm, '').trim(),
    viaViews,
  };
}
