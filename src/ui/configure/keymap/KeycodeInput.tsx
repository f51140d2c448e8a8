import { useId, useState } from 'react';
import { formatKeycode } from '../../../keycodes/index.ts';
import { explainKeycode } from '../../../keycodes/explain.ts';
import { KeycodeVerdictLine, useKeyboardLimits } from './KeycodeVerdictLine.tsx';
import '../textInput.css';

/**
 * Keycode text field (core.md §5 custom encoder input). While the text is not the stored keycode, a line under it
 * says what the key will be or why the text is no keycode (a layer or macro the keyboard lacks included), as it
 * is typed; the field is error-styled on blur when the text is none, normal again as soon as it is. Commits only
 * a valid, changed keycode.
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
  const limits = useKeyboardLimits();
  const verdict = explainKeycode(text, protocol, limits);
  const parsed = verdict?.ok ? verdict.code : null;
  const lineId = useId();
  const explained = parsed !== code;
  return (
    <span className="keycode-field">
      <input
        {...(id ? { id } : {})}
        {...(label ? { 'aria-label': label } : {})}
        className="text-input keycode-input"
        placeholder="KC_NO, 0xFF, etc."
        value={text}
        aria-invalid={invalid}
        {...(explained ? { 'aria-describedby': lineId } : {})}
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value);
          if (invalid && explainKeycode(e.target.value, protocol, limits)?.ok) {
            setInvalid(false);
            onInvalid?.(null);
          }
        }}
        onBlur={() => {
          setInvalid(parsed === null);
          onInvalid?.(parsed === null ? text : null);
          if (parsed !== null && parsed !== code) onCommit(parsed);
        }}
      />
      {explained && <KeycodeVerdictLine id={lineId} verdict={verdict} protocol={protocol} />}
    </span>
  );
}
