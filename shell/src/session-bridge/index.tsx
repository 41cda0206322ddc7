import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigator } from '@tracemap/shell-core';

/** Lets shell-core (401 handling, logout) move the user with the router instead of a reload. */
export function SessionBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => navigate(to, { replace: options?.replace }));
  }, [navigate]);
  return null;
}
