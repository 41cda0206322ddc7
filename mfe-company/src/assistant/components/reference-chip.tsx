import { Link } from 'react-router';
import type { ReferenceKind } from '@tracemap/contracts';
import { REFERENCE_LABELS, referenceHref } from '../logic/reference-links';

interface Props {
  companyId: string;
  kind: ReferenceKind;
  id: string;
  label: string | null;
  /** A query result opens as a table in the chat instead of a page. */
  onOpenQuery(id: string): void;
}

/** A citation in an answer, as a link to the item it names. */
export function ReferenceChip({ companyId, kind, id, label, onOpenQuery }: Props) {
  const text = label ?? REFERENCE_LABELS[kind];
  const href = referenceHref(companyId, { kind, id });
  const common = {
    className: `as-chip as-chip--${kind}`,
    'data-testid': 'assistant-reference',
    'data-kind': kind,
    'data-id': id,
    title: `Open the ${REFERENCE_LABELS[kind]}`,
  };
  if (!href) {
    return (
      <button type="button" {...common} onClick={() => onOpenQuery(id)}>
        {text}
        <span className="as-chip-kind"> · {REFERENCE_LABELS[kind]}</span>
      </button>
    );
  }
  return (
    <Link to={href} {...common}>
      {text}
      <span className="as-chip-kind"> · {REFERENCE_LABELS[kind]}</span>
    </Link>
  );
}
