import { useEffect } from 'react';
import { isTyping } from '../../tracking-plan/hooks/use-hotkey';
import { useMapEditorStore } from './map-store';

/** Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redoes — but not while typing in a field, where they edit the text. */
export function useUndoKeys(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) useMapEditorStore.getState().undo();
      else if ((key === 'z' && event.shiftKey) || (key === 'y' && event.ctrlKey)) useMapEditorStore.getState().redo();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
