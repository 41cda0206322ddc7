import { useState, type ReactNode } from 'react';
import { Button } from '@tracemap/ui';

interface SearchSectionProps<T extends { id: string }> {
  title: string;
  /** The field's accessible name, e.g. "Search users by email or name". */
  label: string;
  placeholder: string;
  /** Said when a search finds nothing, e.g. "No user matches." */
  empty: string;
  /** Prefix of the field's and the submit button's test ids. */
  testId: string;
  search: (query: string) => Promise<T[]>;
  /** One result's line; `open` shows its detail below the list. */
  result: (item: T, open: () => void) => ReactNode;
  detail: (id: string) => ReactNode;
}

/** An admin search: a query, its results as a list, and the detail of the one opened. */
export function SearchSection<T extends { id: string }>({
  title,
  label,
  placeholder,
  empty,
  testId,
  search,
  result,
  detail,
}: SearchSectionProps<T>) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<T[] | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!query.trim()) return;
    setError('');
    try {
      setFound(await search(query.trim()));
    } catch (e) {
      setError((e as Error).message);
    }
  }
  return (
    <div className="adm-section">
      <h2>{title}</h2>
      <form className="adm-row" onSubmit={submit}>
        <input
          className="adm-input"
          aria-label={label}
          placeholder={placeholder}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid={`${testId}-input`}
        />
        <Button type="submit" data-testid={`${testId}-submit`}>
          Search
        </Button>
      </form>
      {error && <p className="adm-error">{error}</p>}
      {found && found.length === 0 && <p className="adm-muted">{empty}</p>}
      {found && found.length > 0 && (
        <ul>
          {found.map((item) => (
            <li key={item.id}>{result(item, () => setOpen(item.id))}</li>
          ))}
        </ul>
      )}
      {open && <div key={open}>{detail(open)}</div>}
    </div>
  );
}
