import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { autocompleteKeycodes, viaKeycodeText, type KeycodeSuggestion } from '../../../keycodes/index.ts';
import { CopyButton } from '../../common/CopyButton.tsx';
import { Dialog } from '../../common/Dialog.tsx';
import { KeycodeVerdictLine, useKeycodeReading, type KeyReading } from './KeycodeVerdictLine.tsx';
import { SuggestionList, useSuggestionNav } from './SuggestionList.tsx';
import '../../common/textInput.css';

/**
 * A family's own words for a key, in place of QMK's (ZMK: `LS(N1)`, as its .keymap writes them): the key now and
 * what that text is, the prompt, and the reading and completion of what is typed.
 */
export interface AnyKeyText {
  current: { label: string; text: string };
  prompt: string;
  placeholder: string;
  read(text: string): KeyReading;
  suggest(word: string): KeycodeSuggestion[];
}

/**
 * The 'Any' key: type a QMK keycode, an expression or hex (or the family's own words: `family`); the line under
 * the field says what the key will be or why the text is none, and Confirm takes only a key. `current` is the
 * selected key's keycode, shown as a layout file (and VIA) writes it with a Copy button, so what a user
 * pastes into VIA is what they saw (written here, on demand: VIA's names are not on the first screen).
 */
export function KeycodeModal({
  protocol,
  current: currentCode,
  family,
  onConfirm,
  onClose,
}: {
  protocol: number;
  current?: number | undefined;
  family?: AnyKeyText | undefined;
  onConfirm(code: number): void;
  onClose(): void;
}) {
  const { t } = useTranslation('panes');
  const { t: tf } = useTranslation('layoutFiles');
  const current =
    family?.current ??
    (currentCode === undefined
      ? undefined
      : { label: tf('currentText'), text: viaKeycodeText(currentCode, protocol) });
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  // Explained as it is typed, with the keyboard's own layer and macro counts (a verdict of null: nothing typed).
  const qmk = useKeycodeReading(text, protocol);
  const verdict = family ? family.read(text) : qmk;
  const valid = verdict?.ok === true;
  const verdictId = useId();
  // Suggestions complete the word being typed (after the last '(' or ',').
  const word = text.split(/[(,]/).at(-1)!.trim();
  const suggestions = word ? (family?.suggest(word) ?? autocompleteKeycodes(word, protocol)) : [];
  // A name still being typed (a prefix of suggested ones) is not called unknown yet.
  const shown = verdict?.ok === false && verdict.unknownName && suggestions.length > 0 ? null : verdict;
  const nav = useSuggestionNav(suggestions, (name) =>
    setText(text.slice(0, text.length - word.length) + name),
  );

  const confirm = () => {
    if (verdict?.ok) onConfirm(verdict.code);
  };

  return (
    <Dialog
      title={t('configure:anyTitle')}
      onClose={onClose}
      closeOnBackdrop
      initialFocus={input}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="button" className="btn btn-primary" disabled={!valid} onClick={confirm}>
            {t('confirm')}
          </button>
        </>
      }
    >
      {current !== undefined && (
        <p className="any-current">
          <span className="row-hint">{current.label}</span>{' '}
          <code data-testid="any-current">{current.text}</code>{' '}
          <CopyButton text={current.text} label={tf('copy')} copiedLabel={tf('copied')} />
        </p>
      )}
      <label htmlFor="any-input" className="row-hint">
        {family?.prompt ?? t('anyPrompt')}
      </label>
      <input
        id="any-input"
        ref={input}
        className="text-input"
        value={text}
        placeholder={family?.placeholder ?? 'KC_NO, 0xFF, etc.'}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={shown?.ok === false}
        aria-describedby={verdictId}
        role="combobox"
        aria-expanded={nav.open}
        aria-autocomplete="list"
        aria-controls={listId}
        {...(nav.active >= 0 ? { 'aria-activedescendant': `${listId}-${nav.active}` } : {})}
        onChange={(e) => {
          setText(e.target.value);
          nav.reset();
        }}
        onKeyDown={(e) => {
          if (nav.onKeyDown(e)) return;
          if (e.key !== 'Enter' || !valid) return;
          // Handled here: the key's own press (keypress) would otherwise click the button the focus returns to.
          e.preventDefault();
          confirm();
        }}
      />
      <KeycodeVerdictLine id={verdictId} reading={shown} />
      {nav.open && (
        <SuggestionList
          id={listId}
          label={t('suggestions')}
          suggestions={suggestions}
          active={nav.active}
          onPick={(name) => {
            setText(text.slice(0, text.length - word.length) + name);
            input.current?.focus();
          }}
        />
      )}
    </Dialog>
  );
}
