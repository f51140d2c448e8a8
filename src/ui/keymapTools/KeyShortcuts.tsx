import { useTranslation } from '../../i18n/useTranslation.ts';

/**
 * The keys a keyboard-only user remaps with, in the order of the flow: reach a key, select it, give it a code.
 * Key names are written as on the keycaps, in every language (the arrows' name is translated).
 */
const SHORTCUTS = [
  ['arrows', null],
  ['enter', 'Enter, Space'],
  ['grid', 'Tab'],
  ['any', 'A'],
  ['pick', 'S, M, C'],
  ['escape', 'Esc'],
  ['undo', 'Ctrl+Z, Ctrl+Shift+Z'],
] as const;

/**
 * The Configure keyboard's keyboard shortcuts, behind a disclosure in the layer row (issue 38: remapping with the
 * keyboard alone was possible but said nowhere). Its list floats over the page, so opening it moves nothing. On a
 * family whose Enter shows the key's binding in the Keymap pane (ZMK) rather than the Any dialog, `enterOpens`
 * says so.
 */
export function KeyShortcuts({ enterOpens = 'any' }: { enterOpens?: 'any' | 'pane' }) {
  const { t } = useTranslation('layerTools');
  return (
    <details className="keymap-tools-keys">
      <summary className="btn btn-sm">{t('keys.title')}</summary>
      <dl className="keymap-tools-keys-list">
        {SHORTCUTS.map(([id, keys]) => (
          <div key={id}>
            <dt>{keys ?? t('keys.arrowKeys')}</dt>
            <dd>{t(id === 'enter' && enterOpens === 'pane' ? 'keys.enterPane' : `keys.${id}`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
