import { hasUnsavedChanges, mayDropUnsaved, registerUnsavedChanges } from '.';

test('switching asks only while an editor holds unsaved changes, and goes on only when the person agrees', () => {
  const asked: string[] = [];
  const answer = (yes: boolean) => (question: string) => {
    asked.push(question);
    return yes;
  };
  let dirty = false;
  const unregister = registerUnsavedChanges(() => dirty);
  const clean = registerUnsavedChanges(() => false);

  expect(hasUnsavedChanges()).toBe(false);
  expect(mayDropUnsaved('Switch?', answer(false))).toBe(true);
  expect(asked).toEqual([]);

  dirty = true;
  expect(hasUnsavedChanges()).toBe(true);
  expect(mayDropUnsaved('Switch?', answer(false))).toBe(false);
  expect(mayDropUnsaved('Switch?', answer(true))).toBe(true);
  expect(asked).toEqual(['Switch?', 'Switch?']);

  // An editor that closed no longer counts.
  unregister();
  expect(mayDropUnsaved('Switch?', answer(false))).toBe(true);
  clean();
  expect(asked).toHaveLength(2);
});
