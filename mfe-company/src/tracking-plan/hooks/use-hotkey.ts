import { useEffect, useRef } from 'react';

/** True when a key press belongs to whatever the user is typing in. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A page-wide shortcut. It stays out of the way while the user types in a field, holds a
 * modifier, or has a dialog open (the dialog handles its own keys).
 */
export function useHotkey(
  key: string,
  handler: (event: KeyboardEvent) => void,
  options: { enabled?: boolean; whileTyping?: boolean } = {},
) {
  const { enabled = true, whileTyping = false } = options;
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== key || event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (!whileTyping && isTyping(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      latest.current(event);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [key, enabled, whileTyping]);
}
