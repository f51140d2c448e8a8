import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { onDemand } from '../common/onDemand.tsx';

const DefinitionNoticeBox = onDemand(
  () => import('./DefinitionNoticeBox.tsx').then((m) => m.DefinitionNoticeBox),
  [],
);

const ShowContext = createContext<(text: string) => void>(() => {});

/**
 * Shows a message about a loaded definition that must outlive the panel it came from (the panel is replaced
 * by the keymap once the definition loads): e.g. that storage was full and the definition lasts this session.
 */
export function useDefinitionNotice(): (text: string) => void {
  return useContext(ShowContext);
}

export function DefinitionNoticeProvider({ children }: { children: ReactNode }) {
  const [text, setText] = useState<string | null>(null);
  const show = useCallback((message: string) => setText(message), []);
  return (
    <ShowContext value={show}>
      {children}
      {text && <DefinitionNoticeBox text={text} onDismiss={() => setText(null)} />}
    </ShowContext>
  );
}
