import { useState } from 'react';
import { Button } from '@tracemap/ui';

/** Copies a text to the clipboard and says so; where the clipboard is refused it asks to copy by hand. */
export function CopyButton({ text, label = 'Copy', testId }: { text: string; label?: string; testId?: string }) {
  const [done, setDone] = useState<'copied' | 'refused' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setDone('copied');
    } catch {
      setDone('refused');
    }
  }
  return (
    <Button variant="ghost" className="ad-small" onClick={() => void copy()} data-testid={testId}>
      {done === 'copied' ? 'Copied' : done === 'refused' ? 'Select and copy it' : label}
    </Button>
  );
}
