import type { ReactNode } from 'react';
import { parseAnswer, type Inline } from '../logic/answer-text';
import { ReferenceChip } from './reference-chip';

interface Props {
  companyId: string;
  content: string;
  onOpenQuery(id: string): void;
}

function renderInline(piece: Inline, key: number, props: Props): ReactNode {
  switch (piece.type) {
    case 'text':
      return piece.text;
    case 'bold':
      return <strong key={key}>{piece.text}</strong>;
    case 'code':
      return <code key={key}>{piece.text}</code>;
    case 'struck':
      return (
        <del key={key} title="Not found in what the assistant looked up">
          {piece.text}
        </del>
      );
    case 'reference':
      return (
        <ReferenceChip
          key={key}
          companyId={props.companyId}
          kind={piece.kind}
          id={piece.id}
          label={piece.label}
          onOpenQuery={props.onOpenQuery}
        />
      );
  }
}

/** An answer's text with its citations as chips; list items are grouped into lists. */
export function AnswerBody(props: Props) {
  const out: ReactNode[] = [];
  let items: ReactNode[] = [];
  const flush = () => {
    if (items.length > 0) out.push(<ul key={`list-${out.length}`}>{items}</ul>);
    items = [];
  };
  parseAnswer(props.content).forEach((block, i) => {
    const content = block.inlines.map((piece, j) => renderInline(piece, j, props));
    if (block.type === 'item') items.push(<li key={i}>{content}</li>);
    else {
      flush();
      out.push(<p key={i}>{content}</p>);
    }
  });
  flush();
  return <div className="as-answer-body">{out}</div>;
}
