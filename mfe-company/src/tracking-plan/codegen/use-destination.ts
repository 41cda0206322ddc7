import { useState } from 'react';
import { DESTINATIONS, type CodegenDestination } from './codegen-api';

const KEY = 'tracemap.codegen.destination';

function remembered(): CodegenDestination {
  try {
    const saved = globalThis.localStorage?.getItem(KEY);
    return DESTINATIONS.find((d) => d === saved) ?? 'segment';
  } catch {
    return 'segment';
  }
}

/** The destination the code is shown for, remembered in this browser across events. */
export function useDestination(): [CodegenDestination, (next: CodegenDestination) => void] {
  const [destination, setDestination] = useState<CodegenDestination>(remembered);
  return [
    destination,
    (next) => {
      setDestination(next);
      try {
        globalThis.localStorage?.setItem(KEY, next);
      } catch {
        // Private modes may refuse storage; the choice then lasts for this page only.
      }
    },
  ];
}
