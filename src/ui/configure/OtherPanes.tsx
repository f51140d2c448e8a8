import { useCallback, useMemo } from 'react';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import type { MenuPane } from '../../definitions/menus.ts';
import { menuAddress } from '../../definitions/menuValues.ts';
import type { MenuChanges } from '../../state/menuChanges.ts';
import { keychronKnowsValue } from '../../qmk/keychronKnowsValue.ts';
import { DATE_TIME_MENU, isDfuCommand } from '../../definitions/vendorMenus.ts';
import { layoutChoices } from '../../state/layoutOptionChoice.ts';
import { chooseLayoutOption } from '../../state/chooseLayoutOption.ts';
import { logFailureOnce } from '../../state/errorStore.ts';
import type { MatrixLightingConfig } from '../../formats/vendorConfig.ts';
import type { ScreenConfig } from '../../screen/screenConfig.ts';
import type { VendorConfig } from '../../services/definitionsRepository.ts';
import type { DrawnKey } from '../canvas/useKeyboardKeys.ts';
import { isMacPlatform } from '../common/platform.ts';
import { useAppStores } from '../AppContext.tsx';
import { navigate } from '../common/useHashRoute.ts';
import type { StoreApi } from 'zustand/vanilla';
import type { DeviceState } from '../../state/deviceStore.ts';
import type { ErrorState } from '../../state/errorStore.ts';
import type { VialPaneId } from './vial/useVialPanes.ts';
import {
  ActuationPane,
  CustomFeaturesPane,
  CustomMenuPane,
  FirmwarePane,
  KeychronPane,
  LayoutsPane,
  MacroFaultPanel,
  MacrosPane,
  MatrixLightingPane,
  SaveLoadPane,
  ScreenPane,
  VialFeaturePane,
} from './lazyPanes.ts';
import { vendorCommandsOf } from '../../services/vendorCommandsOf.ts';

export interface OtherPanesProps {
  /** The shown pane: never the keymap, which `ConfigureScreen` draws itself. */
  pane: string;
  keyboard: KeyboardState;
  vialPanes: readonly VialPaneId[];
  /** The v3 menus as read (for range constraints) and their panes, as the tabs list them. */
  menuDefs: readonly unknown[];
  menuList: readonly MenuPane[];
  /** The v2 Lighting pane, when the keyboard has one. */
  lighting: MenuPane | null;
  vendorConfig: VendorConfig | null;
  matrixConfig: MatrixLightingConfig | null;
  screen: ScreenConfig | null;
  /** For the Actuation pane: the drawn keys and those selected. */
  drawn: readonly DrawnKey[];
  selected: ReadonlySet<number>;
  /** One per Configure screen: the menu writer made for it (saves wait for a pause, whichever pane is shown). */
  menuScope: object;
}

type MenuChange = (run: (changes: MenuChanges) => void) => void;
const menuChanges = new WeakMap<object, MenuChange>();

/**
 * The menu writer of a Configure screen (`scope`, kept by it): a change runs at once when its code is here (it
 * loads with the menu panes, lazyPanes.ts), else as soon as it is.
 */
function menuChangesOf(
  scope: object,
  devices: StoreApi<DeviceState>,
  errors: StoreApi<ErrorState>,
): MenuChange {
  let change = menuChanges.get(scope);
  if (!change) {
    let ready: MenuChanges | null = null;
    let loading: Promise<MenuChanges> | null = null;
    change = (run) => {
      if (ready) return run(ready);
      loading ??= import('../../state/menuChanges.ts').then(
        (m) =>
          (ready = new m.MenuChanges(
            devices,
            (e) => logFailureOnce(errors, e),
            () => navigate('/boot'),
          )),
      );
      void loading.then(run);
    };
    menuChanges.set(scope, change);
  }
  return change;
}

/**
 * Every Configure pane but the keymap: the first screen draws only the keymap pane, so this wiring (and each
 * pane's own code, further on demand) loads when another pane is first opened, prefetched once the page is idle
 * (`configurePanes`, src/main.tsx) so that first click does not wait for it.
 */
export function OtherPanes(props: OtherPanesProps) {
  const { pane, keyboard, menuDefs, menuList, lighting, vendorConfig, matrixConfig, screen } = props;
  const { runtime, errors } = useAppStores();
  const menuChange = menuChangesOf(props.menuScope, runtime.store, errors);
  const onActuationLoaded = useCallback(
    (actuation: NonNullable<KeyboardState['actuation']>) =>
      runtime.store.getState().patchKeyboard({ actuation }),
    [runtime],
  );
  const onActuationError = useCallback((error: unknown) => logFailureOnce(errors, error), [errors]);
  const commands = runtime.store.getState().commands();
  // One command set per keyboard: the Custom features pane reads again when it changes.
  const features = useMemo(() => commands && vendorCommandsOf(commands), [commands]);
  const macIssue = vendorConfig?.cdcMacIssue === true && isMacPlatform();
  const menu = pane.startsWith('menu:') ? menuList[Number(pane.slice(5))] : undefined;

  const changeLayout = async (index: number, choice: number) => {
    // The view follows the choice at once; a failing write is only a warning (core.md §8).
    if (!(await chooseLayoutOption(runtime.store, index, choice)))
      console.warn('Writing layout options failed');
  };

  return (
    <>
      {pane === 'saveLoad' && <SaveLoadPane keyboard={keyboard} />}
      {(props.vialPanes as readonly string[]).includes(pane) && (
        <VialFeaturePane pane={pane as VialPaneId} keyboard={keyboard} />
      )}
      {(pane === 'keychronLighting' || pane === 'snapClick' || pane === 'keychronSettings') && (
        <KeychronPane pane={pane} keyboard={keyboard} />
      )}
      {pane === 'matrixLighting' && matrixConfig && (
        <MatrixLightingPane
          config={matrixConfig}
          serial={matrixConfig.cdc ?? vendorConfig?.cdc === true}
          saveBlocked={macIssue}
        />
      )}
      {pane === 'screen' && screen && <ScreenPane config={screen} serial={vendorConfig?.cdc === true} />}
      {pane === 'firmware' && <FirmwarePane entry={vendorConfig?.firmware} macIssue={macIssue} />}
      {pane === 'actuation' && commands && (
        <ActuationPane
          keyboard={keyboard}
          commands={commands}
          drawn={props.drawn}
          selected={props.selected}
          onLoaded={onActuationLoaded}
          onError={onActuationError}
        />
      )}
      {pane === 'features' && features && <CustomFeaturesPane commands={features} />}
      {pane === 'lighting' && lighting && (
        <CustomMenuPane
          pane={lighting}
          translatedLabels
          value={(c) => keyboard.values[String(c.valueId)]}
          onChange={(c, bytes) => menuChange((changes) => changes.lighting(c, bytes))}
        />
      )}
      {pane === 'macros' && (
        <MacrosPane
          keyboard={keyboard}
          notice={
            <MacroFaultPanel faults={runtime.writeFaults} owner={keyboard.definition.vendorProductId} />
          }
        />
      )}
      {menu && (
        <CustomMenuPane
          pane={menu}
          {...(DATE_TIME_MENU.test(menu.label)
            ? {
                onTimeSync: () => vendorCommandsOf(runtime.store.getState().commands()!).syncTime(new Date()),
              }
            : {})}
          value={(c) => keyboard.values[menuAddress(c)]}
          restarts={(c, bytes) => isDfuCommand(c.channel, c.valueId, bytes)}
          {...(keyboard.keychron || keyboard.keychronUnread
            ? { leftOut: (c) => !keychronKnowsValue(c.channel, c.valueId) }
            : {})}
          // Range constraints clamp the slider or push the values it depends on; 'Connect to DFU' goes to Boot.
          onChange={(c, requested) => menuChange((changes) => changes.menu(menuDefs, menuList, c, requested))}
        />
      )}
      {pane === 'layouts' && (
        <LayoutsPane
          labels={keyboard.definition.layouts.labels ?? []}
          choices={layoutChoices(keyboard)}
          onChange={(i, c) => void changeLayout(i, c)}
        />
      )}
    </>
  );
}
