import { useEffect, useState, type ChangeEvent } from 'react';

/**
 * A range input's drag and commit: dragging moves only the shown `draft`; the value is committed when the pointer
 * or key is released or the input is left (one write and one undo step per gesture, not one per step). The draft
 * follows `value` when it changes (the write done, or another value read).
 */
export function useReleasedRange(value: number, onCommit: (value: number) => void) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return {
    draft,
    inputProps: {
      value: draft,
      onChange: (e: ChangeEvent<HTMLInputElement>) => setDraft(Number(e.target.value)),
      onPointerUp: commit,
      onKeyUp: commit,
      onBlur: commit,
    },
  };
}
