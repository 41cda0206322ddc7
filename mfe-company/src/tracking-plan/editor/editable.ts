import { createContext, useContext } from 'react';

/** False for viewers: every field renders as text and no edit control is drawn. */
export const EditableContext = createContext(true);

export function useEditable(): boolean {
  return useContext(EditableContext);
}
