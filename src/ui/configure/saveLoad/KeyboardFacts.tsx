import { AskFirst, type Question } from '../../common/AskFirst.tsx';
import '../../common/onDemandParts.css';

/** Resetting what the keyboard keeps: its row's label and button, the question asked first, the reset itself. */
export interface KeyboardReset {
  label: string;
  button: string;
  question: Question;
  /** The keyboard is busy with another request. */
  disabled: boolean;
  onReset(): void;
}

/**
 * A keyboard's own rows in Save + Load, in its family's words: facts it reports (a chip id) and, where it can,
 * a reset of what it keeps, asked first with a danger button.
 */
export function KeyboardFacts({
  facts,
  reset,
}: {
  facts: readonly { label: string; value: string }[];
  reset?: KeyboardReset | undefined;
}) {
  return (
    <>
      {facts.map(({ label, value }) => (
        <div className="row" key={label}>
          <span className="row-label">{label}</span>
          <code>{value}</code>
        </div>
      ))}
      {reset && (
        <AskFirst question={() => reset.question} onConfirm={reset.onReset}>
          {(ask) => (
            <div className="row">
              <span className="row-label">{reset.label}</span>
              <button
                type="button"
                className="btn btn-danger"
                disabled={reset.disabled}
                onClick={() => ask(null)}
              >
                {reset.button}
              </button>
            </div>
          )}
        </AskFirst>
      )}
    </>
  );
}
