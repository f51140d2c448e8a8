import { useState, type KeyboardEvent } from 'react';
import type { KeycodeSuggestion } from '../../../keycodes/index.ts';
import '../../common/textInput.css';

/**
 * Arrow-key navigation for a suggestion list under a text field (the Any modal, the macro script): ↓/↑ move,
 * Enter or Tab picks the highlighted one, Escape closes the list. `onKeyDown` says whether it used the key.
 */
export function useSuggestionNav(suggestions: readonly KeycodeSuggestion[], pick: (name: string) => void) {
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(false);
  const open = suggestions.length > 0 && !closed;
  const index = active < suggestions.length ? active : -1;
  return {
    open,
    active: open ? index : -1,
    /** Call when the text changes: a new word reopens the list with nothing highlighted. */
    reset() {
      setActive(-1);
      setClosed(false);
    },
    onKeyDown(e: KeyboardEvent): boolean {
      if (!open) return false;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const last = suggestions.length - 1;
        setActive(e.key === 'ArrowDown' ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1);
        return true;
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && index >= 0) {
        e.preventDefault();
        pick(suggestions[index]!.name);
        setActive(-1);
        return true;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setClosed(true);
        return true;
      }
      return false;
    },
  };
}

/** The listbox of suggestions; the field points at the highlighted option with aria-activedescendant. */
export function SuggestionList({
  id,
  label,
  suggestions,
  active,
  onPick,
}: {
  id: string;
  label: string;
  suggestions: readonly KeycodeSuggestion[];
  active: number;
  onPick(name: string): void;
}) {
  return (
    <ul className="autocomplete" id={id} role="listbox" aria-label={label}>
      {suggestions.map((s, i) => (
        <li
          key={s.name}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'is-active' : undefined}
          // Pointer down would blur the field first; the pick keeps the caret where it was.
          onPointerDown={(e) => e.preventDefault()}
          onClick={() => onPick(s.name)}
        >
          {s.name}
        </li>
      ))}
    </ul>
  );
}
