import { createElement, useEffect, useId, useMemo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadStrings } from '../../i18n/i18n.ts';
import { createOutcomeStore, type NewOutcome, type OutcomeKind } from './outcomeStore.ts';

/** The app's notifications. */
export const outcomeStore = createOutcomeStore();

let shown: Promise<void> | null = null;

/**
 * Draws the notifications at the end of <body> the first time one is shown, loading their code and strings: the
 * first screen ships nothing for them (docs/performance.md), and they stay over every screen and dialog from then
 * on. The live region is there before the first notification goes in, so screen readers hear that one too.
 */
function showToasts(): Promise<void> {
  return (shown ??= Promise.all([
    import('./OutcomeToasts.tsx'),
    loadStrings(['feedback']).catch(() => undefined),
  ]).then(
    ([{ OutcomeToasts }]) =>
      new Promise<void>((ready) => {
        const host = document.createElement('div');
        document.body.append(host);
        createRoot(host).render(createElement(OutcomeToasts, { store: outcomeStore, onReady: ready }));
      }),
  ));
}

export interface OutcomeOptions {
  /** How long a success or a note stays (the product names some: 'Sharing success' for 3 s). */
  shownMs?: number;
  testId?: string;
}

/**
 * Tells the user how something went ("Saved to the keyboard", "Link copied", "Failed to process: not an
 * image") where they are looking, whatever the page's scroll: a notification that screen readers read out.
 * `source` names who says it: its next outcome replaces this one.
 */
export function showOutcome(
  kind: OutcomeKind,
  message: ReactNode,
  source: string,
  { shownMs, testId }: OutcomeOptions = {},
): void {
  const outcome: NewOutcome = { kind, message, source, shownMs, testId };
  // Through the one promise, so shows and clears happen in the order they were asked for.
  void showToasts().then(() => outcomeStore.getState().show(outcome));
}

/** Takes back what `source` said (it starts something new, or the outcome no longer holds). */
export function clearOutcome(source: string): void {
  void shown?.then(() => outcomeStore.getState().clear(source));
}

export interface OutcomeReporter {
  show(kind: OutcomeKind, message: ReactNode, options?: OutcomeOptions): void;
  /** Takes back this component's outcome. */
  clear(): void;
}

/**
 * A component's outcomes (a pane's Save, Load, Send): each replaces the one before, and they go when the
 * component goes (an error about a pane the user left would only confuse).
 */
export function useOutcome(): OutcomeReporter {
  const source = useId();
  useEffect(() => () => clearOutcome(source), [source]);
  return useMemo(
    () => ({
      show: (kind, message, options) => showOutcome(kind, message, source, options),
      clear: () => clearOutcome(source),
    }),
    [source],
  );
}
