import { LoadOnce } from '../../lib/LoadOnce.ts';

/**
 * What a picked keycode does (`keyAssignment.ts`): loaded with the first assignment, or prefetched when the page
 * is idle once the first keymap is drawn (src/main.tsx), so that first click does not wait for it (issue 43).
 */
export const keyAssignmentCode = new LoadOnce(() => import('./keyAssignment.ts'));
