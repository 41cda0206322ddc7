import { useEffect, useState } from 'react';
import { useUserStore } from '@tracemap/shell-core';
import { getCurrentUserId } from '@tracemap/shell-core/current-user-id';

/** The signed-in user's id (null until known). */
export function useCurrentUserId(): string | null {
  const fromStore = useUserStore((s) => s.user?.id ?? null);
  const [fromSession, setFromSession] = useState<string | null>(null);
  useEffect(() => {
    if (fromStore) return;
    let alive = true;
    getCurrentUserId().then((id) => alive && setFromSession(id));
    return () => {
      alive = false;
    };
  }, [fromStore]);
  return fromStore ?? fromSession;
}
