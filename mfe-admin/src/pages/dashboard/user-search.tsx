import { searchAdminUsers } from '@tracemap/shell-core/admin';
import { SearchSection } from '../../shared/search-section';
import { UserPanel } from './user-panel';

export function UserSearch({ onChanged }: { onChanged(): void }) {
  return (
    <SearchSection
      title="Users"
      label="Search users by email or name"
      placeholder="Email or name"
      empty="No user matches."
      testId="admin-user-search"
      search={searchAdminUsers}
      result={(u, open) => (
        <>
          <button
            type="button"
            className="tm-btn tm-btn--ghost"
            data-testid="admin-user-result"
            data-email={u.email}
            onClick={open}
          >
            {u.email}
          </button>{' '}
          {u.firstName} {u.lastName} {u.anamapAdmin && <strong>admin</strong>}
        </>
      )}
      detail={(userId) => <UserPanel key={userId} userId={userId} onChanged={onChanged} />}
    />
  );
}
