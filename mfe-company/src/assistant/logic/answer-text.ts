import { REFERENCE_KINDS, type ReferenceKind } from '@tracemap/contracts';

/** A piece of one line of an answer, as the chat shows it. */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'bold'; text: string }
  | { type: 'code'; text: string }
  | { type: 'struck'; text: string }
  | { type: 'reference'; kind: ReferenceKind; id: string; label: string | null };

/** A paragraph or a list item of an answer. */
export interface Block {
  type: 'paragraph' | 'item';
  inlines: Inline[];
}

const KINDS = REFERENCE_KINDS.join('|');
// Citations, bold, inline code and struck numbers: the only markup the assistant writes.
const INLINE = new RegExp(`\\[\\[(${KINDS}):([^\\]\\s]{1,100})\\]\\]|\\*\\*(.+?)\\*\\*|\`([^\`]+)\`|~~(.+?)~~`, 'g');

function inlines(line: string): Inline[] {
  const out: Inline[] = [];
  let at = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > at) out.push({ type: 'text', text: line.slice(at, match.index) });
    at = match.index + match[0].length;
    if (match[1]) {
      // "**Name** [[event:id]]": the chip takes the name it follows, so the link reads as the item.
      const previous = out.at(-1);
      const before = out.at(-2);
      let label: string | null = null;
      if (previous?.type === 'text' && previous.text === ' ' && before?.type === 'bold') {
        label = before.text;
        out.splice(-2, 2);
      } else if (previous?.type === 'bold') {
        label = previous.text;
        out.pop();
      }
      out.push({ type: 'reference', kind: match[1] as ReferenceKind, id: match[2], label });
    } else if (match[3] !== undefined) out.push({ type: 'bold', text: match[3] });
    else if (match[4] !== undefined) out.push({ type: 'code', text: match[4] });
    else out.push({ type: 'struck', text: match[5] });
  }
  if (at < line.length) out.push({ type: 'text', text: line.slice(at) });
  return out;
}

/** An answer's text as paragraphs and list items, with its citations as references. */
export function parseAnswer(content: string): Block[] {
  const blocks: Block[] = [];
  for (const line of content.split('\n')) {
    if (line.trim() === '') continue;
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    blocks.push(item ? { type: 'item', inlines: inlines(item[1]) } : { type: 'paragraph', inlines: inlines(line) });
  }
  return blocks;
}
