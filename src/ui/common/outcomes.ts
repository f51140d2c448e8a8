import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { loadStrings } from '../../i18n/i18n.ts';
import { createOutcomeStore, type NewOutcome, type OutcomeKind } from './outcomeStore.ts';
import { OutcomeToasts } from './OutcomeToasts.tsx';

/** The app's notifications. */
export const outcomeStore = createOutcomeStore();

let shown: Promise<void> | null = null;

/**
 * Draws the notifications at the end of <body> the first time one is shown, with their strings: the first screen
 * ships nothing for them (docs/performance.md), and they stay over every screen and dialog from then on. The
 * live region is there before the first notification goes in, so screen readers hear that one too.
 */
function showToasts(): Promise<void> {
  return (shown ??= loadStrings(['feedback'])
    .catch(() => undefined)
    .then(
      () =>
        new Promise<void>((ready) => {
          const host = document.createElement('div');
          document.body.append(host);
          createRoot(host).render(createElement(OutcomeToasts, { store: outcomeStore, onReady: ready }));
        }),
    ));
}

/**
 * Tells the user how something went ("Saved to the keyboard", "Link copied", "Failed to process: not an
 * image") where they are looking, whatever the page's scroll: a notification that screen readers read out.
 * `source` names who says it (a pane): its next outcome replaces this one.
 */
export function showOutcome(kind: OutcomeKind, text: string, source: string, testId?: string): void {
  void showToasts().then(() =>
    outcomeStore.getState().show({ kind, text, source, testId } satisfies NewOutcome),
  );
}

/** Takes back what `source` said (it starts something new, or the outcome no longer holds). */
export function clearOutcome(source: string): void {
  outcomeStore.getState().clear(source);
}
