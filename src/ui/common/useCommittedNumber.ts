import { useEffect, useState, type ChangeEvent, type KeyboardEvent } from 'react';

/**
 * A whole-number field's typing and commit: typing is free and writes nothing; Enter or leaving the field commits
 * the number when it is in range and differs from `value`; Escape puts `value` back. Out of range, `valid` is false
 * and nothing is committed. The text follows `value` when it changes (a failed write, another entry chosen).
 * `value` null: nothing chosen yet (the field starts empty). `entry` names what the field edits: choosing another
 * entry with the same value also drops what was typed and not committed.
 */
export function useCommittedNumber(
  value: number | null,
  min: number,
  max: number,
  onCommit: (value: number) => void,
  entry?: unknown,
) {
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown, entry]);
  const parsed = /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  const valid = Number.isInteger(parsed) && parsed >= min && parsed <= max;
  const commit = () => {
    if (valid && parsed !== value) onCommit(parsed);
  };
  return {
    valid,
    inputProps: {
      value: text,
      inputMode: 'numeric' as const,
      'aria-invalid': !valid,
      onChange: (e: ChangeEvent<HTMLInputElement>) => setText(e.target.value),
      onBlur: commit,
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setText(shown);
      },
    },
  };
}
