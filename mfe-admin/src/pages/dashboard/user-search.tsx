import { useState } from 'react';
import { searchAdminUsers, type AdminUserSummary } from '@tracemap/shell-core/admin';
import { Button } from '@tracemap/ui';
import { UserPanel } from './user-panel';

export function UserSearch({ onChanged }: { onChanged(): void }) {
  const [q, setQ] = useState('');
  const [users, setUsers] = useState<AdminUserSummary[] | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  async function search(event: React.FormEvent) {
    event.preventDefault();
    if (!q.trim()) return;
    setError('');
    try {
      setUsers(await searchAdminUsers(q.trim()));
    } catch (e) {
      setError((e as Error).message);
    }
  }
  return (
    <div className="adm-section">
      <h2>Users</h2>
      <form className="adm-row" onSubmit={search}>
        <input className="adm-input" aria-label="Search users by email or name" placeholder="Email or name" value={q} onChange={(e) => setQ(e.target.value)} data-testid="admin-user-search-input" />
        <Button type="submit" data-testid="admin-user-search-submit">
          Search
        </Button>
      </form>
      {error && <p className="adm-error">{error}</p>}
      {users && users.length === 0 && <p className="adm-muted">No user matches.</p>}
      {users && users.length > 0 && (
        <ul>
          {users.map((u) => (
            <li key={u.id}>
              <button type="button" className="tm-btn tm-btn--ghost" data-testid="admin-user-result" data-email={u.email} onClick={() => setOpen(u.id)}>
                {u.email}
              </button>{' '}
              {u.firstName} {u.lastName} {u.anamapAdmin && <strong>admin</strong>}
            </li>
          ))}
        </ul>
      )}
      {open && <UserPanel key={open} userId={open} onChanged={onChanged} />}
    </div>
  );
}
