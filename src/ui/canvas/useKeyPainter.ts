import { useEffect } from 'react';
import type { KeyPainter } from '../../state/selectionStore.ts';
import { useAppStores } from '../AppContext.tsx';

/** Puts `painter` on the Configure keyboard while the calling pane is open (null: the keys as usual). */
export function useKeyPainter(painter: KeyPainter | null): void {
  const { selection } = useAppStores();
  useEffect(() => {
    selection.getState().setKeyPainter(painter);
  }, [selection, painter]);
  useEffect(() => () => selection.getState().setKeyPainter(null), [selection]);
}
