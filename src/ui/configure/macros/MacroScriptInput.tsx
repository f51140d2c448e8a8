import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { autocompleteKeycodes } from '../../../keycodes/index.ts';
import { SuggestionList, useSuggestionNav } from '../keymap/SuggestionList.tsx';
import './macros.css';

const BLUR_CLOSE_MS = 200;

/** The keycode name being typed inside an open `{…}` block before the caret ('{KC_A,KC_' → 'KC_'). */
export function blockWord(before: string): string | null {
  const block = /\{([^{}]*)$/.exec(before);
  if (!block || before.at(-(block[1]!.length + 2)) === '\\') return null;
  const word = block[1]!
    .split(',')
    .at(-1)!
    .replace(/^\s*[+-]?/, '');
  return /^[A-Za-z0-9_]+$/.test(word) ? word : null;
}

/**
 * The macro script textarea with keycode search while typing inside braces (core.md §5): suggestions appear
 * under it, ↓/↑ and Enter or a click complete the name (closing the block when nothing follows).
 */
export function MacroScriptInput({
  id,
  value,
  className,
  placeholder,
  invalid,
  describedBy,
  protocol,
  onChange,
}: {
  id: string;
  value: string;
  className: string;
  placeholder: string;
  invalid: boolean;
  describedBy: string;
  protocol: number;
  onChange(text: string): void;
}) {
  const { t } = useTranslation('panes');
  const field = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const listId = useId();
  const at = caret ?? value.length;
  const word = caret === null ? null : blockWord(value.slice(0, at));
  const suggestions = word ? autocompleteKeycodes(word, protocol) : [];
  const pick = (name: string) => {
    if (word === null) return;
    const after = value.slice(at);
    const close = /^\s*[},]/.test(after) ? '' : '}';
    const next = value.slice(0, at - word.length) + name + close + after;
    const position = at - word.length + name.length + close.length;
    onChange(next);
    setCaret(null);
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(position, position);
    });
  };
  const nav = useSuggestionNav(suggestions, pick);
  const follow = (el: HTMLTextAreaElement) =>
    setCaret(el.selectionStart === el.selectionEnd ? el.selectionStart : null);
  return (
    <div className="script-field">
      <textarea
        id={id}
        ref={field}
        className={className}
        value={value}
        placeholder={placeholder}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={nav.open}
        {...(nav.active >= 0 ? { 'aria-activedescendant': `${listId}-${nav.active}` } : {})}
        rows={5}
        spellCheck={false}
        onChange={(e) => {
          onChange(e.target.value);
          follow(e.target);
          nav.reset();
        }}
        onKeyDown={(e) => void nav.onKeyDown(e)}
        onKeyUp={(e) => {
          if (!['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(e.key)) follow(e.currentTarget);
        }}
        onClick={(e) => follow(e.currentTarget)}
        // The list closes just after a click elsewhere, so the buttons under the pointer stay put for it.
        onBlur={() => window.setTimeout(() => setCaret(null), BLUR_CLOSE_MS)}
      />
      {nav.open && (
        <SuggestionList
          id={listId}
          label={t('suggestions')}
          suggestions={suggestions}
          active={nav.active}
          onPick={pick}
        />
      )}
    </div>
  );
}
