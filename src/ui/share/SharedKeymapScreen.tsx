import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { decodeShareLink, type SharedKeymap } from '../../convert/shareLink.ts';
import { renumberDocument } from '../../convert/renumber.ts';
import type { ServedDefinition } from '../../definitions/compile.ts';
import { formatVendorProductId } from '../../definitions/vendorProductIds.ts';
import { checkServedDefinition } from '../../definitions/servedDefinitionShape.ts';
import { buildLayoutFile, type ParsedLayout } from '../../formats/layoutFile.ts';
import { useRefusalWords } from '../common/refusalWords.ts';
import type { Refusal } from '../../lib/refusal.ts';
import { formatKeycode } from '../../keycodes/index.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { checkLayoutForKeyboard, layoutLeavingUnknown } from '../../services/layoutLoad.ts';
import { useAppStores, useDevices } from '../AppContext.tsx';
import { KeyboardCanvas } from '../canvas/KeyboardCanvas.tsx';
import { LoadPreview } from '../configure/saveLoad/LoadPreview.tsx';
import { ConvertNotesList } from '../configure/saveLoad/ConvertNotesList.tsx';
import type { ConvertNote } from '../../convert/convertNotes.ts';
import { definitionName } from '../../definitions/definitionName.ts';
import { keyboardKeys } from '../canvas/useKeyboardKeys.ts';
import { useKeyNaming } from '../canvas/keyNaming.ts';
import { useHostLayout } from '../legends/useHostLayout.ts';
import { navigate, useHash } from '../common/useHashRoute.ts';
import '../common/onDemandParts.css';

type Shown =
  | { status: 'loading' }
  | { status: 'error'; refusal: Refusal }
  | { status: 'ready'; shared: SharedKeymap; view: KeyboardState | null; fromLink: boolean };

const NONE = new Set<number>();

/** The link's keymap drawn like the keyboard it came from (a read-only keyboard state: no device behind it). */
function viewOf(shared: SharedKeymap, definition: ServedDefinition): KeyboardState {
  const { doc } = shared;
  return {
    definition,
    definitionVersion: shared.definitionVersion,
    protocol: doc.protocol,
    firmwareVersion: 0,
    layerCount: doc.layers.length,
    keymap: doc.layers,
    encoders: doc.encoders,
    layoutOptions: doc.layoutOptions ?? null,
    macros: { supported: false, count: 0, bufferSize: 0, bytes: new Uint8Array() },
    values: {},
  };
}

/**
 * `#/keymap?k=…`: a keymap shared by link, read-only, in any browser (no keyboard or WebHID needed). The keyboard
 * is drawn from the served definitions or the one the link carries; "Load into my keyboard" takes Load's own
 * preview and undoable write when the same keyboard is connected.
 */
export default function SharedKeymapScreen() {
  const { t } = useTranslation('convert');
  const refusalWords = useRefusalWords();
  const { runtime, jobs } = useAppStores();
  const hostLayout = useHostLayout();
  const keyboard = useDevices((s) => s.keyboard);
  const virtual = useDevices((s) => runtime.isVirtual(s.selectedPath));
  const [shown, setShown] = useState<Shown>({ status: 'loading' });
  const [layer, setLayer] = useState(0);
  const [pending, setPending] = useState<{ layout: ParsedLayout; notes: ConvertNote[] } | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  // Another link opened in the same tab (only the fragment changes) is read anew.
  const hash = useHash();
  useEffect(() => {
    let live = true;
    setShown({ status: 'loading' });
    setLayer(0);
    setPending(null);
    setMessage(null);
    void (async () => {
      const read = await decodeShareLink(hash);
      if (!read.ok) return live && setShown({ status: 'error', refusal: read.refusal });
      const { shared } = read;
      const vpid = shared.doc.keyboard.vendorProductId;
      // The drawing needs the definition's matrix to be the keymap's.
      const fits = (d: ServedDefinition | null): d is ServedDefinition =>
        !!d && d.matrix.rows === shared.doc.keyboard.rows && d.matrix.cols === shared.doc.keyboard.cols;
      // Keyloom's own definition of a known keyboard first: a link's may draw keys in other places (issue 39
      // item 10). The link's is drawn only where Keyloom has none, and the drawing says so.
      let definition: ServedDefinition | null =
        vpid === null
          ? null
          : await runtime.definitions.definition(vpid, shared.definitionVersion).catch(() => null);
      let fromLink = false;
      if (!fits(definition) && shared.definition !== null) {
        const checked = checkServedDefinition(shared.definition, shared.definitionVersion);
        definition = checked.ok ? checked.value : null;
        fromLink = true;
      }
      const view = fits(definition) ? viewOf(shared, definition) : null;
      if (live) setShown({ status: 'ready', shared, view, fromLink: fromLink && view !== null });
    })();
    return () => {
      live = false;
    };
  }, [runtime, hash]);

  const naming = useKeyNaming();
  const drawn = useMemo(
    () =>
      shown.status === 'ready' && shown.view
        ? keyboardKeys(shown.view, layer, hostLayout, undefined, naming)
        : [],
    [shown, layer, hostLayout, naming],
  );

  if (shown.status === 'loading') return <p className="pane card">{t('sheetLoading')}</p>;
  if (shown.status === 'error')
    return (
      <div className="pane card">
        <p role="alert" className="form-error" data-testid="share-error">
          {refusalWords(shown.refusal)}
        </p>
      </div>
    );
  const { doc } = shown.shared;
  const vpid = doc.keyboard.vendorProductId;
  const same = !!keyboard && vpid !== null && keyboard.definition.vendorProductId === vpid;
  const keyboardName = keyboard ? definitionName(keyboard.definition) : '';
  const code = (c: number) => formatKeycode(c, doc.protocol);
  const layerTitle = (n: number) =>
    doc.layerNames?.[n] ? t('sheetLayerNamed', { n, name: doc.layerNames[n] }) : t('sheetLayer', { n });

  const loadInto = () => {
    if (!keyboard) return;
    setMessage(null);
    // Numbers carried as they are into the keyboard's numbering are listed in the preview (issue 39 item 6).
    const { doc: fitted, notes } = renumberDocument(
      doc,
      keyboard.protocol,
      Math.max(doc.macroProtocol, keyboard.protocol),
    );
    const macros = keyboard.macros.supported
      ? Array.from({ length: keyboard.macros.count }, (_, i) => fitted.macros[i] ?? '')
      : [];
    const text = JSON.stringify(
      buildLayoutFile({
        name: doc.keyboard.name,
        vendorProductId: keyboard.definition.vendorProductId,
        protocol: keyboard.protocol,
        keymap: fitted.layers.slice(0, keyboard.layerCount),
        encoders: fitted.encoders.slice(0, keyboard.layerCount),
        macros,
      }),
    );
    const checked = checkLayoutForKeyboard(keyboard, text, 'link');
    const layout = checked.ok ? layoutLeavingUnknown(keyboard, checked.value) : checked;
    if (!layout.ok) setMessage({ error: true, text: refusalWords(layout.refusal) });
    else setPending({ layout: layout.value, notes });
  };

  const apply = async (layout: ParsedLayout) => {
    setPending(null);
    try {
      // The same command as Save + Load's: planned, backed up, written, read back, one undo step.
      const { outcome } = await (await jobs.load()).getState().loadLayout(layout);
      const faults = await runtime.writeFaults.load();
      setMessage(
        outcome === 'failed'
          ? { error: true, text: faults.getState().layout?.error.message ?? 'failed' }
          : { error: false, text: t('loaded') },
      );
    } catch (e) {
      setMessage({ error: true, text: e instanceof Error ? e.message : String(e) });
    }
  };

  return (
    <div className="pane card" data-testid="shared-keymap">
      <h1>{t('sheetTitle', { name: doc.keyboard.name })}</h1>
      <p className="row-hint">{t('sheetIntro')}</p>
      <div className="load-preview-layers" role="group" aria-label={t('sheetLayers')}>
        {doc.layers.map((_, n) => (
          <button
            key={n}
            type="button"
            className="btn"
            aria-pressed={n === layer}
            onClick={() => setLayer(n)}
          >
            {layerTitle(n)}
          </button>
        ))}
      </div>
      {shown.view ? (
        <KeyboardCanvas
          keys={drawn.map((d) => d.canvas)}
          selected={NONE}
          readOnly
          testId="shared-keymap-canvas"
          ariaLabel={layerTitle(layer)}
        />
      ) : null}
      {shown.view && shown.fromLink && (
        <p className="row-hint" data-testid="shared-keymap-drawn-from-link">
          {t('sheetDrawnFromLink')}
        </p>
      )}
      {shown.view ? null : (
        <>
          <p className="row-hint">{t('sheetNoDefinition')}</p>
          <ul data-testid="shared-keymap-keys">
            {(doc.layers[layer] ?? []).map((c, i) => (
              <li key={i}>
                {t('sheetKey', {
                  row: Math.floor(i / doc.keyboard.cols),
                  col: i % doc.keyboard.cols,
                  code: code(c),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {(doc.encoders[layer]?.length ?? 0) > 0 && (
        <section aria-label={t('sheetEncoders')}>
          <h2 className="row-label">{t('sheetEncoders')}</h2>
          <ul>
            {doc.encoders[layer]!.map(([cw, ccw], e) => (
              <li key={e}>
                E{e}: ↺ {code(ccw)} · ↻ {code(cw)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {doc.macros.some((m) => m !== '') && (
        <section aria-label={t('sheetMacros')}>
          <h2 className="row-label">{t('sheetMacros')}</h2>
          <ul data-testid="shared-keymap-macros">
            {doc.macros.map((m, i) =>
              m === '' ? null : (
                <li key={i}>
                  M{i}: {m}
                </li>
              ),
            )}
          </ul>
        </section>
      )}
      {same && virtual && (
        <p className="row-hint" data-testid="shared-keymap-virtual">
          {t('virtualNote', { name: keyboardName })}
        </p>
      )}
      <div className="row">
        {vpid !== null && (
          <span className="row-hint">
            {same ? null : t('loadIntoHint', { ids: formatVendorProductId(vpid) })}
          </span>
        )}
        <button type="button" className="btn btn-primary" disabled={!same} onClick={loadInto}>
          {same && virtual ? t('loadIntoVirtual', { name: keyboardName }) : t('loadInto')}
        </button>
        <button type="button" className="btn" onClick={() => navigate('/')}>
          {t('toConfigure')}
        </button>
      </div>
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={message.error ? 'form-error' : 'form-success'}
        >
          {message.text}
        </p>
      )}
      {pending && keyboard && (
        <LoadPreview
          keyboard={keyboard}
          layout={pending.layout}
          fileName={doc.keyboard.name}
          source="link"
          onApply={() => void apply(pending.layout)}
          onCancel={() => setPending(null)}
          extra={{
            changes: false,
            node: <ConvertNotesList notes={pending.notes} testId="shared-keymap-notes" />,
          }}
        />
      )}
    </div>
  );
}
