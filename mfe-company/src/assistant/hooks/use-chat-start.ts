import { useEffect, useState } from 'react';
import { listSources } from '../../analytics-discovery/api/discovery-api';
import { getSuggestions } from '../api/assistant-api';

/**
 * What an empty conversation offers: questions built from the company's plan,
 * and whether any data source is connected (none: the chat says how to add one).
 */
export function useChatStart(companyId: string) {
  const [questions, setQuestions] = useState<string[]>([]);
  const [hasSource, setHasSource] = useState<boolean | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getSuggestions(companyId, controller.signal).then(
      (answer) => setQuestions(answer.questions),
      // Suggestions are a convenience: without them the chat still works.
      () => setQuestions([]),
    );
    listSources(companyId, controller.signal).then(
      (answer) => setHasSource(answer.items.length > 0),
      () => setHasSource(null),
    );
    return () => controller.abort();
  }, [companyId]);

  return { questions, hasSource };
}
