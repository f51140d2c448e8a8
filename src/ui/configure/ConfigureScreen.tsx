import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { definitionMenus, menuIcon, menuPanes } from '../../definitions/menus.ts';
import { menuAddress, menuValueSpecs } from '../../definitions/menuValues.ts';
import { lightingMenu } from '../../definitions/lightingValues.ts';
import { MenuIcon } from '../common/MenuIcon.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { definitionName } from '../../definitions/definitionName.ts';
import {
  useAppStores,
  useCommands,
  useDevices,
  useLazyStore,
  useSelection,
  useSettings,
} from '../AppContext.tsx';
import { logFailureOnce } from '../../state/errorStore.ts';
import type { EncoderSlot } from './keymap/EncoderEditor.tsx';
import { EncoderEditor, HiddenEncoders, KeycodeModal } from './keymapPaneParts.ts';
import { KeymapPane } from './keymap/KeymapPane.tsx';
import { WriteFailureNote } from './keymapPaneParts.ts';
import { KeychronUnreadNote, UnfinishedWriteNotice } from './keymapPaneParts.ts';
import { useKeyboardKeys } from '../canvas/useKeyboardKeys.ts';
import { screenConfig } from '../../screen/screenConfig.ts';
import { matrixLightingConfig } from '../../formats/vendorConfig.ts';
import { useVialPanes, type VialPaneId } from './vial/useVialPanes.ts';
import { withStrings } from '../../i18n/i18n.ts';
import { onDemand } from '../common/onDemand.tsx';
import { configurePanes } from './configurePanes.ts';
import { keyAssignmentCode } from './keyAssignmentCode.ts';
import './configure.css';
import { ConfigureFrame } from '../common/ConfigureFrame.tsx';

const readingOrder = () => import('../../definitions/readingOrder.ts');
// Every pane but the keymap (prefetched when the page is idle once the first keymap is drawn: src/main.tsx).
const OtherPanes = onDemand(() => configurePanes.load().then((m) => m.OtherPanes), []);

// A flash whose keyboard was unplugged, said while no keyboard is shown (its code loads with it).
const LostFlashNote = onDemand(
  () => import('./firmware/LostFlashNote.tsx').then((m) => m.LostFlashNote),
  ['hardware', 'vendor'],
);
// Shown only when no keyboard is connected (a new user gets the demo): its code and strings load with it.
const WelcomeCard = onDemand(() => import('./WelcomeCard.tsx').then((m) => m.WelcomeCard), ['devices']);
// The Vial unlock dialog and lock chip load only for a Vial keyboard.
const VialLockChip = lazy(() =>
  withStrings(import('../devices/VialUnlockDialog.tsx'), ['unlock']).then((m) => ({
    default: m.VialLockChip,
  })),
);
const VialUnlockDialog = lazy(() =>
  withStrings(import('../devices/VialUnlockDialog.tsx'), ['unlock']).then((m) => ({
    default: m.VialUnlockDialog,
  })),
);

type PaneId =
  | 'keymap'
  | 'layouts'
  | 'macros'
  | 'lighting'
  | 'features'
  | 'actuation'
  | 'matrixLighting'
  | 'screen'
  | 'firmware'
  | 'saveLoad'
  | VialPaneId
  | KeychronPaneId
  | `menu:${number}`;
type KeychronPaneId = 'keychronLighting' | 'snapClick' | 'keychronSettings';

/**
 * The keymap's panes (the tabs, the keycode picker) are drawn in a render after the one that first shows the
 * keyboard: React then draws them in slices (a transition) instead of one long task with the keyboard, so the
 * page answers input meanwhile (issue 43: TBT). Nothing is drawn below them, so nothing moves when they come.
 */
export function ConfigureScreen() {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? <ConfigurePanes /> : <div className="configure" />;
}

function ConfigurePanes() {
  const { t } = useTranslation(['shell', 'configure']);
  const stores = useAppStores();
  const { runtime, selection, commands, errors } = stores;
  const keyboard = useDevices((s) => s.keyboard);
  const capabilities = useDevices((s) => s.capabilities);
  const layer = useDevices((s) => s.selectedLayer);
  const selected = useSelection((s) => s.selected);
  const fastRemap = !useSettings((s) => s.disableFastRemap);
  const canUndo = useCommands((s) => s.undoStack.length > 0);
  const canRedo = useCommands((s) => s.redoStack.length > 0);
  const failure = useCommands((s) => s.failure);
  const drawn = useKeyboardKeys(keyboard, layer);
  // Vial keyboards: tap dance, combos, key overrides, QMK settings (each only when the board has it).
  const vialPanes = useVialPanes(keyboard);
  const tapDanceCount = useLazyStore(runtime.vialFeatures, (s) => s.data?.counts.tapDance ?? 0, 0);
  const chosenPane = useSelection((s) => s.pane) as PaneId;
  const setPane = (p: PaneId) => selection.getState().setPane(p);
  // A v3 menu's words stay as its definition gives them, but the common pane names among them ('Lighting',
  // 'Keyboard', 'Date Time' …) are named in the user's language (configure:menuName, by the label's letters).
  // English has no entries: there the name is the definition's own word.
  const menuName = (label: string) =>
    t(`configure:menuName.${label.toLowerCase().replace(/[^a-z]/g, '')}`, { defaultValue: label });
  const [anyOpen, setAnyOpen] = useState(false);
  // The dialog gives the focus back to what opened it: the key (Enter on it) or the Any button.
  const openAny = useCallback(() => setAnyOpen(true), []);
  const closeAny = useCallback(() => setAnyOpen(false), []);
  const [encoderSlot, setEncoderSlot] = useState<EncoderSlot>('ccw');
  // An encoder the current layout options do not draw, chosen from the Keymap pane's list.
  const [hiddenEncoder, setHiddenEncoder] = useState<number | null>(null);
  // One menu writer per Configure screen (saves wait for a pause across panes): OtherPanes makes it for this key
  // (menuChanges.ts comes with the menu panes).
  const menuScope = useMemo(() => ({ runtime, errors }), [runtime, errors]);

  // Enter on a key of the canvas opens the keycode picker.
  const pickerRequests = useSelection((s) => s.pickerRequests);
  useEffect(() => {
    if (pickerRequests > 0) openAny();
  }, [pickerRequests, openAny]);

  // The Actuation row selects several keys; every other pane one.
  const vendorConfig = useDevices((s) => s.vendorConfig);
  const multiSelect = chosenPane === 'actuation' && vendorConfig?.actuation === true;
  useEffect(() => {
    selection.getState().setMultiSelect(multiSelect);
    return () => selection.getState().setMultiSelect(false);
  }, [selection, multiSelect]);
  // The v2 Lighting pane's builder came with the keyboard's load; should it not have, it loads now.
  const lightingBuilder = useSyncExternalStore(lightingMenu.subscribe, () => lightingMenu.current);
  const wantsLighting = !!keyboard && 'lighting' in keyboard.definition;
  useEffect(() => {
    if (wantsLighting) void lightingMenu.load().catch(() => undefined);
  }, [wantsLighting]);

  // Leaving the Configure screen or a pane clears the selected key.
  useEffect(() => () => selection.getState().select(null), [selection, chosenPane]);
  // A write that did not finish on this keyboard (here, or before an unplug or a reload) is named on every pane.
  const owner = keyboard?.definition.vendorProductId;
  const unfinished = useLazyStore(
    runtime.writeFaults,
    (s) => s.owner === owner && !!(s.layout || s.macros),
    false,
  );

  // Fast mapping's reading order is not on the first screen: it loads when a key is first selected, before a
  // keycode can be picked for it.
  const fastMapping = fastRemap && selected.size > 0;
  useEffect(() => {
    if (fastMapping) void readingOrder();
  }, [fastMapping]);
  if (!keyboard)
    return (
      <>
        {/* A keyboard unplugged mid-flash: what happened to it stays said (its transfer store exists then). */}
        {runtime.transfers.current && <LostFlashNote />}
        <WelcomeCard />
      </>
    );

  const selectedIndex = [...selected][0];
  const target = selectedIndex !== undefined ? drawn[selectedIndex] : undefined;
  const labels = keyboard.definition.layouts.labels ?? [];
  const panes: PaneId[] = keyboard.layerCount > 0 ? ['keymap'] : [];
  if (labels.length > 0) panes.push('layouts');
  // v3 custom menus: one pane per top-level menu, after the keymap.
  const menuDefs = 'menus' in keyboard.definition ? definitionMenus(keyboard.definition) : [];
  const keyAddress = new Map(menuValueSpecs(menuDefs).values.map((v) => [v.key ?? '', menuAddress(v)]));
  const menuList = menuPanes(menuDefs, (key, byte) => keyboard.values[keyAddress.get(key) ?? '']?.[byte]);
  if (keyboard.macros.supported) panes.push('macros');
  // v2 definitions: the Lighting pane, when the lighting type supports any value; VialRGB's is a Vial pane.
  const lighting =
    'lighting' in keyboard.definition && capabilities?.lighting === 'via'
      ? (lightingBuilder?.lightingPaneOf(keyboard.definition, keyboard.values) ?? null)
      : null;
  if (lighting && lighting.submenus[0]!.controls.length > 0) panes.push('lighting');
  // v2 'rotary-encoder' custom feature: encoder modes, OLED and custom encoders.
  if (
    'customFeatures' in keyboard.definition &&
    (keyboard.definition.customFeatures ?? []).includes('rotary-encoder' as never)
  )
    panes.push('features');
  menuList.forEach((_, i) => panes.push(`menu:${i}`));
  // Hall-effect keyboards (vendor config `actuation`): per-key actuation point, multi-select.
  if (vendorConfig?.actuation) panes.push('actuation');
  // Vendor config flags (extended.md §2): a malformed entry leaves its pane out rather than half-working.
  const matrixConfig = matrixLightingConfig(vendorConfig?.matrixLighting);
  if (matrixConfig) panes.push('matrixLighting');
  const screen = screenConfig(vendorConfig?.screen);
  if (screen) panes.push('screen');
  // Every QMK keyboard can be flashed: the vendor's upgrade where its config says, else through its bootloader.
  panes.push('firmware');
  panes.push(...vialPanes);
  // Keychron boards: panes by the features the board reported (0xA2, 0xA7 0x01), never by its name.
  const keychron = capabilities?.keychron;
  if (keychron?.rgb) panes.push('keychronLighting');
  if (keychron?.snapClick) panes.push('snapClick');
  if (keychron) panes.push('keychronSettings');
  if (keyboard.layerCount > 0) panes.push('saveLoad');
  // A pane this keyboard does not have (another keyboard was selected) falls back to the first one.
  const pane: PaneId = panes.includes(chosenPane) ? chosenPane : (panes[0] ?? 'keymap');
  const drawnEncoders = new Set(drawn.flatMap((d) => (d.key.ei !== undefined ? [d.key.ei] : [])));
  const hiddenEncoders = (keyboard.encoders[0] ?? []).map((_, e) => e).filter((e) => !drawnEncoders.has(e));
  const encoderIndex =
    target?.key.ei ??
    (!target && hiddenEncoder !== null && hiddenEncoders.includes(hiddenEncoder) ? hiddenEncoder : undefined);
  const isEncoder = encoderIndex !== undefined;
  const encoderValues = isEncoder
    ? {
        cw: keyboard.encoders[layer]?.[encoderIndex]?.[0] ?? 0,
        ccw: keyboard.encoders[layer]?.[encoderIndex]?.[1] ?? 0,
        press: target && target.matrixIndex >= 0 ? (keyboard.keymap[layer]?.[target.matrixIndex] ?? 0) : null,
      }
    : null;

  const report = (error: unknown) => logFailureOnce(errors, error);

  /** The selected key's (or encoder direction's) keycode now, for the 'Any' modal to show as VIA text. */
  const currentCode = (): number | undefined => {
    if (!target) return undefined;
    if (isEncoder && encoderSlot !== 'press')
      return keyboard.encoders[layer]?.[target.key.ei!]?.[encoderSlot === 'cw' ? 0 : 1];
    return target.matrixIndex < 0 ? undefined : keyboard.keymap[layer]?.[target.matrixIndex];
  };

  // What a picked keycode does loads with the first one (prefetched when idle: keyAssignmentCode.ts).
  const assignment = { stores, keyboard, layer, drawn, selectedIndex, encoderIndex, encoderSlot, fastRemap };
  const assign = (code: number) =>
    void keyAssignmentCode.load().then((m) => m.assignKeycode(assignment, code), report);

  const current =
    target && target.matrixIndex >= 0 ? (keyboard.keymap[layer]?.[target.matrixIndex] ?? 0) : null;

  return (
    <ConfigureFrame
      name={definitionName(keyboard.definition)}
      panes={panes}
      pane={pane}
      onPane={setPane}
      paneLabel={(p) =>
        p.startsWith('menu:') ? (
          <>
            <MenuIcon kind={menuIcon(menuList[Number(p.slice(5))]!.label)} />
            {menuName(menuList[Number(p.slice(5))]!.label)}
          </>
        ) : (
          t(`configure:pane.${p}`)
        )
      }
      history={{
        canUndo,
        canRedo,
        onUndo: () => void commands.getState().undo().catch(report),
        onRedo: () => void commands.getState().redo().catch(report),
      }}
      // Under Undo/Redo, not in the footer: a long Vial pane pushes the footer below the fold at 1400×900.
      head={
        capabilities?.lock === 'vial' && (
          <Suspense fallback={null}>
            <VialLockChip />
          </Suspense>
        )
      }
    >
      {/* Dialogs (the Vial unlock, the Any keycode picker) open over the page wherever they are drawn. */}
      {capabilities?.lock === 'vial' && (
        <Suspense fallback={null}>
          <VialUnlockDialog />
        </Suspense>
      )}
      {anyOpen && (
        <KeycodeModal
          protocol={keyboard.protocol}
          current={currentCode()}
          onClose={closeAny}
          onConfirm={(code) => {
            closeAny();
            assign(code);
          }}
        />
      )}
      {keyboard.keychronUnread && <KeychronUnreadNote problem={keyboard.keychronUnread} />}
      {unfinished && (
        <UnfinishedWriteNotice
          faults={runtime.writeFaults}
          owner={keyboard.definition.vendorProductId}
          pane={pane}
          onOpen={setPane}
        />
      )}
      {pane === 'keymap' && panes.includes('keymap') && (
        <>
          {failure && (
            <WriteFailureNote
              failure={failure}
              protocol={keyboard.protocol}
              onDismiss={() => commands.getState().dismissFailure()}
            />
          )}
          {hiddenEncoders.length > 0 && (
            <HiddenEncoders
              encoders={hiddenEncoders}
              chosen={target ? null : hiddenEncoder}
              onChoose={(e) => {
                selection.getState().select(null);
                setHiddenEncoder(e);
                setEncoderSlot('ccw');
              }}
            />
          )}
          {isEncoder && encoderValues && (
            <EncoderEditor
              protocol={keyboard.protocol}
              supported={capabilities?.encoders === true}
              encoderIndex={encoderIndex}
              values={encoderValues}
              active={encoderSlot}
              onChoose={setEncoderSlot}
            />
          )}
          <KeymapPane
            keyboard={keyboard}
            current={isEncoder ? null : current}
            disabled={!target && !isEncoder}
            onAssign={assign}
            onAny={openAny}
            tapDanceCount={tapDanceCount}
          />
        </>
      )}
      {pane !== 'keymap' && (
        <OtherPanes
          pane={pane}
          keyboard={keyboard}
          vialPanes={vialPanes}
          menuDefs={menuDefs}
          menuList={menuList}
          lighting={lighting}
          vendorConfig={vendorConfig}
          matrixConfig={matrixConfig}
          screen={screen}
          drawn={drawn}
          selected={selected}
          menuScope={menuScope}
        />
      )}
    </ConfigureFrame>
  );
}
