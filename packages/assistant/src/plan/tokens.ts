import { foldName, splitWords } from '@tracemap/tracking-plan';

const STOP_WORDS = new Set(
  'a an and are as at be by do does did for from has have how in is it of on or the to was we what when where which who with our any there this that'.split(
    ' ',
  ),
);

/** Words of a name or a text, lower case, split on separators and camel humps, without stop words. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const word of splitWords(text)) {
    const lower = word.toLowerCase();
    if (!STOP_WORDS.has(lower)) out.push(lower);
  }
  return out;
}

export { foldName };
