import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeMacros, encodeMacros, macroToScript, scriptToMacro } from '../../macros/macroCodec.ts';
import { PROTOCOL } from '../../protocol/commands.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';

export interface MacrosPaneProps {
  keyboard: KeyboardState;
  /** Writes the whole macro set; resolves once the keyboard has it. */
  onSave(bytes: Uint8Array): Promise<void>;
}

/** Macro script editor: M0…M(n−1), buffer usage, validation with the spec's messages, Undo and Save. */
export function MacrosPane({ keyboard, onSave }: MacrosPaneProps) {
  const { t } = useTranslation('configure');
  const { protocol, macros } = keyboard;
  const saved = useMemo(
    () => decodeMacros(macros.bytes, macros.count, protocol).map((m) => macroToScript(m, protocol)),
    [macros, protocol],
  );
  const [index, setIndex] = useState(0);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!macros.supported) return <p className="card row-hint">{t('macrosUnsupported')}</p>;

  const text = drafts[index] ?? saved[index] ?? '';
  const modified = drafts[index] !== undefined && drafts[index] !== saved[index];
  const used = macros.bytes.length;
  const capacity = macros.bufferSize - 1;

  const save = async () => {
    setError(null);
    try {
      const scripts = saved.map((s, i) => (i === index ? text : s));
      const bytes = encodeMacros(
        scripts.map((s) => scriptToMacro(s, protocol)),
        protocol,
      );
      if (bytes.length > capacity)
        throw new Error(`Macro size (${bytes.length}) exceeds buffer size (${capacity})`);
      setBusy(true);
      await onSave(bytes);
      setDrafts(({ [index]: _, ...rest }) => rest);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pane keymap-pane">
      <nav className="submenu" aria-label={t('pane.macros')}>
        {saved.map((_, i) => (
          <button
            key={i}
            type="button"
            aria-current={i === index}
            onClick={() => {
              setIndex(i);
              setError(null);
            }}
          >
            M{i}
          </button>
        ))}
      </nav>
      <div className="macro-editor">
        <div className="usage" title={t('usage', { used, total: capacity })}>
          <div
            className="usage-bar"
            style={{ width: `${Math.min(100, (used / Math.max(capacity, 1)) * 100)}%` }}
          />
        </div>
        <label className="row-label" htmlFor="macro-script">
          {t('macroN', { n: index })}
        </label>
        <textarea
          id="macro-script"
          className={`text-input macro-script${modified ? ' is-modified' : ''}`}
          value={text}
          placeholder={t('macroEmpty')}
          aria-invalid={error !== null}
          aria-describedby="macro-help"
          rows={5}
          spellCheck={false}
          onChange={(e) => {
            setDrafts((d) => ({ ...d, [index]: e.target.value }));
            setError(null);
          }}
        />
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <p id="macro-help" className="row-hint">
          {t('macroHelp')} {protocol < PROTOCOL.MACRO_DELAYS ? t('macroNoDelays') : t('macroDelays')}
        </p>
        <div className="dialog-actions">
          <button
            type="button"
            className="btn"
            disabled={!modified || busy}
            onClick={() => setDrafts(({ [index]: _, ...rest }) => rest)}
          >
            {t('undo')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!modified || busy}
            onClick={() => void save()}
          >
            {t('save')}
          </button>
        </div>
      </div>
    </div>
  );
}
