import { useLayoutEffect } from 'react';

/**
 * Calls `onKey` for every key press and release on the page (repeats ignored), e.g. for key testing. Keys go
 * to focused selects and sliders as usual; `onKey` decides whether to keep the browser from acting on them.
 */
export function useKeyEvents(onKey: (event: KeyboardEvent, state: 'down' | 'up') => void): void {
  // Attached before the screen paints: a key pressed as soon as the keys show is not lost (a passive effect can
  // run later on a busy machine).
  useLayoutEffect(() => {
    const listen = (state: 'down' | 'up') => (event: KeyboardEvent) => {
      const control = (event.target as HTMLElement | null)?.closest(
        'select, input[type="range"], input[type="text"], textarea',
      );
      if (event.repeat || control) return;
      onKey(event, state);
    };
    const down = listen('down');
    const up = listen('up');
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [onKey]);
}
