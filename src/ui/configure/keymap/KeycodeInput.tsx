import { useState } from 'react';
import { formatKeycode, parseEncoderKeycodeInput } from '../../../keycodes/index.ts';
import '../textInput.css';

/**
 * Keycode text field (core.md §5 custom encoder input): trimmed and upper-cased on read; error-styled on blur
 * when unrecognised, normal again as soon as the text is valid. Commits only a valid, changed keycode.
 */
export function KeycodeInput({
  id,
  label,
  protocol,
  code,
  onCommit,
  onInvalid,
}: {
  id?: string;
  label?: string;
  protocol: number;
  code: number;
  onCommit(code: number): void;
  /** Told the text when it does not name a keycode (on blur), and null once it does again. */
  onInvalid?(text: string | null): void;
}) {
  const [text, setText] = useState(() => formatKeycode(code, protocol));
  const [invalid, setInvalid] = useState(false);
  return (
    <input
      {...(id ? { id } : {})}
      {...(label ? { 'aria-label': label } : {})}
      className="text-input keycode-input"
      placeholder="KC_NO, 0xFF, etc."
      value={text}
      aria-invalid={invalid}
      spellCheck={false}
      onChange={(e) => {
        setText(e.target.value);
        if (invalid && parseEncoderKeycodeInput(e.target.value, protocol) !== null) {
          setInvalid(false);
          onInvalid?.(null);
        }
      }}
      onBlur={() => {
        const parsed = parseEncoderKeycodeInput(text, protocol);
        setInvalid(parsed === null);
        onInvalid?.(parsed === null ? text : null);
        if (parsed !== null && parsed !== code) onCommit(parsed);
      }}
    />
  );
}
