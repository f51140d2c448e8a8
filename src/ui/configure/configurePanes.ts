import { LoadOnce } from '../../lib/LoadOnce.ts';

/**
 * The Configure panes other than the keymap (`OtherPanes.tsx`): loaded when one is first shown, or prefetched
 * when the page is idle once the first keymap is drawn (src/main.tsx), so the first click on a tab does not
 * wait for this code — only, as before, for the pane's own.
 */
export const configurePanes = new LoadOnce(() => import('./OtherPanes.tsx'));
