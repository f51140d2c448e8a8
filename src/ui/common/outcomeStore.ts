import type { ReactNode } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';

export type OutcomeKind = 'success' | 'error' | 'info';

/** A "saved", "copied" or "failed" message, shown as a notification (OutcomeToasts). */
export interface Outcome {
  readonly id: number;
  readonly kind: OutcomeKind;
  /** Text, or text with parts of its own (why a transfer failed). */
  readonly message: ReactNode;
  /** Who said it (a pane): its next outcome takes this one's place, and it can take its own back. */
  readonly source: string;
  /** How long a success or a note stays (an error stays until dismissed); OUTCOME_SHOWN_MS if not given. */
  readonly shownMs?: number | undefined;
  /** For tests that look for one pane's outcome. */
  readonly testId?: string | undefined;
}

export type NewOutcome = Omit<Outcome, 'id'>;

export interface OutcomeState {
  /** Oldest first; at most MAX_OUTCOMES. */
  outcomes: readonly Outcome[];
  show(outcome: NewOutcome): void;
  dismiss(id: number): void;
  /** Takes back what `source` said (it starts something new). */
  clear(source: string): void;
}

/** More at once would cover the page; the oldest goes first. */
export const MAX_OUTCOMES = 3;

export function createOutcomeStore(): StoreApi<OutcomeState> {
  let next = 1;
  return createStore<OutcomeState>((set) => ({
    outcomes: [],
    show: (outcome) =>
      set((s) => ({
        outcomes: [
          ...s.outcomes.filter((o) => o.source !== outcome.source),
          { ...outcome, id: next++ },
        ].slice(-MAX_OUTCOMES),
      })),
    dismiss: (id) => set((s) => ({ outcomes: s.outcomes.filter((o) => o.id !== id) })),
    clear: (source) =>
      set((s) =>
        s.outcomes.some((o) => o.source === source)
          ? { outcomes: s.outcomes.filter((o) => o.source !== source) }
          : s,
      ),
  }));
}
