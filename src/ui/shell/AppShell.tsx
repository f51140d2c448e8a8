import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { ConfigureKeyboard } from '../configure/ConfigureKeyboard.tsx';
import { TesterBoard } from './lazyViews.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { useAppStores, useErrors, useLazyStore, useSettings } from '../AppContext.tsx';
import { DesignKeyboard } from './lazyViews.ts';
import { DebugKeyboard } from './lazyViews.ts';
import { MissingDefinition } from './lazyViews.ts';
import { FirmwareModal } from '../configure/FirmwareModal.tsx';
import { useDeviceShell } from './useDeviceShell.ts';
import { ConfigureScreen } from '../configure/ConfigureScreen.tsx';
import type { AppEnvironment } from '../common/environment.ts';
import { isCanvasVisible, visibleMenuRoutes } from '../common/routes.ts';
import { useHashRoute } from '../common/useHashRoute.ts';
import { useGatedRoute } from './useGatedRoute.ts';
import { TopBar } from './TopBar.tsx';
import { onDemand } from '../common/onDemand.tsx';
import { KeyboardArea } from '../common/KeyboardArea.tsx';
import { LayerSelector } from './LayerSelector.tsx';
import type { ScreenSlots } from '../keymapScreen/screenModel.ts';
import { Loader } from './Loader.tsx';
import { withStrings } from '../../i18n/i18n.ts';
import { preloadZmkRoute, zmkRouteCode } from '../configure/zmk/zmkRouteCode.ts';

// Screens other than Configure load on first visit with their strings, keeping the first screen small.
const SettingsScreen = lazy(() =>
  withStrings(import('../settings/SettingsScreen.tsx'), ['settings', 'connection', 'sheets']),
);
const ErrorsScreen = lazy(() => withStrings(import('../errors/ErrorsScreen.tsx'), ['errors']));
const TesterScreen = lazy(() => withStrings(import('../tester/TesterScreen.tsx'), ['tester']));
const DesignScreen = lazy(() => withStrings(import('../design/DesignScreen.tsx'), ['design', 'panes']));
const DebugScreen = lazy(() => withStrings(import('../debug/DebugScreen.tsx'), ['debug']));
const BootScreen = lazy(() => withStrings(import('../boot/BootScreen.tsx'), ['hardware', 'vendor']));
const SharedKeymapScreen = lazy(() =>
  withStrings(import('../share/SharedKeymapScreen.tsx'), ['convert', 'sheets', 'refusals']),
);
// The ZMK keyboards' screen and connect dialog load with the first ZMK keyboard (or the dialog's first opening).
const ZmkRoute = onDemand(() => zmkRouteCode.load(), ['zmk', 'sheets']);
// Shown only in a browser without WebHID, which cannot use the rest of the first screen anyway: its strings
// (the connection doctor's namespace) load with it.
const NoHidScreen = onDemand(() => import('./NoHidScreen.tsx').then((m) => m.NoHidScreen), ['connection']);
// Shown only once a new version has been downloaded in the background: its strings load with it.
const UpdatePrompt = onDemand(
  () => import('../offline/UpdatePrompt.tsx').then((m) => m.UpdatePrompt),
  ['feedback'],
);
// Shown only when a typed or bookmarked route is refused: its code, style and strings load with it.
const RouteGateNotice = onDemand(
  () => import('./RouteGateNotice.tsx').then((m) => m.RouteGateNotice),
  ['gates'],
);
// Shown only where the browser refuses site data.
const SiteDataNotice = onDemand(
  () => import('./SiteDataNotice.tsx').then((m) => m.SiteDataNotice),
  ['gates'],
);

export function AppShell({ env }: { env: AppEnvironment }) {
  const { t } = useTranslation('shell');
  const { runtime, appUpdate } = useAppStores();
  const updateReady = useStore(appUpdate, (s) => s.ready);
  const route = useHashRoute();
  const showDesignTab = useSettings((s) => s.showDesignTab);
  const errorCount = useErrors((s) => s.errors.length);
  const device = useDeviceShell();
  const hidUsable = env.hidSupported || env.hidOverridden;
  const { setLayer } = device;
  // Leaving '/' resets the layer to 0.
  useEffect(() => {
    if (route !== '/') setLayer(0);
  }, [route, setLayer]);

  const menuRoutes = useMemo(
    () =>
      visibleMenuRoutes({
        g24boot: device.g24boot,
        showDesignTab,
        isDevelopment: env.isDevelopment,
        debugProd: env.debugProd,
        errorCount,
      }),
    [device.g24boot, showDesignTab, env.isDevelopment, env.debugProd, errorCount],
  );

  // A ZMK keyboard asked for by the link is on its way: the search shows until it is, not the Welcome card.
  const zmkShowing = useZmkShowing(runtime.zmkShowing);
  const loading = device.phase === 'searching' || device.phase === 'loading' || zmkShowing;
  const designVersion = useSettings((s) => s.designDefinitionVersion);
  const hasDesignDefinition = useLazyStore(runtime.design, (s) => s.shown[designVersion] !== null, false);
  // A route typed or bookmarked obeys the menu's gates: refused ones go back to Configure, saying why.
  const gated = useGatedRoute(route, {
    g24boot: device.g24boot,
    showDesignTab,
    isDevelopment: env.isDevelopment,
    debugProd: env.debugProd,
    errorCount,
    settled: !loading,
  });
  const shownRoute = gated.shown;
  const canvasVisible = isCanvasVisible({
    route: shownRoute,
    hidSupported: hidUsable,
    loading,
    hasDesignDefinition,
  });

  const badge = {
    devices: device.devices,
    selectedPath: device.selectedPath,
    onSelect: device.select,
    ...(device.authorizeNew ? { onAuthorizeNew: device.authorizeNew } : {}),
    ...(device.tryVirtual ? { onTryVirtual: device.tryVirtual } : {}),
    ...(device.connectZmk ? { onConnectZmk: device.connectZmk } : {}),
    ...(device.unplugSelected ? { onUnplugSelected: device.unplugSelected } : {}),
    ...(device.resetSelected ? { onResetSelected: device.resetSelected } : {}),
    problems: device.problems,
    onDoctor: device.openDoctor,
  };
  const noDefinition = device.phase === 'noDefinition';
  const zmk = useLazyStore(runtime.zmk, (s) => s.selectedPath !== null, false) && shownRoute === '/';
  const zmkCreated = useLazyStore(runtime.zmk, () => true, false);
  // A ZMK keyboard is on its way (the runtime has begun loading its store): the screen's code and strings come
  // beside the store's instead of after it.
  useEffect(() => {
    if (runtime.zmk.started) preloadZmkRoute();
  }, [runtime]);

  /**
   * The Configure route's screen for every keyboard family, placed here once: the family's notes, its layer row,
   * the keyboard area (which slides to the Key Tester's, Design's and Debug's keyboards) and the Configure frame.
   * A ZMK keyboard's slots come from its screen model in its lazy module (ZmkRoute calls this with them); a VIA or
   * Vial board's pieces read the device stores themselves, each re-rendering alone as its part of the state changes.
   */
  const place = (slots: ScreenSlots) => (
    <>
      {slots.notes}
      {slots.layers}
      <KeyboardArea
        route={shownRoute}
        visible={slots.keyboardShown}
        views={{
          '/': slots.keyboard,
          '/test': <TesterBoard />,
          '/design': <DesignKeyboard />,
          '/debug': <DebugKeyboard />,
        }}
      />
      {slots.loading ? <Loader phase="loading" noDevices={false} /> : slots.frame}
    </>
  );
  const placeVia = () =>
    place({
      layers: canvasVisible && device.layerCount > 0 && shownRoute === '/' && (
        <LayerSelector
          layerCount={device.layerCount}
          selectedLayer={device.selectedLayer}
          onSelect={device.setLayer}
        />
      ),
      keyboard: noDefinition ? <MissingDefinition /> : <ConfigureKeyboard />,
      // Configure shows the selected keyboard, the Key Tester its board, Design the shown draft, Debug a dummy
      // layout for key testing.
      keyboardShown:
        canvasVisible &&
        (shownRoute === '/'
          ? device.phase === 'ready' || noDefinition
          : shownRoute === '/test' || shownRoute === '/design' || shownRoute === '/debug'),
      frame:
        shownRoute === '/' && loading ? (
          <Loader
            phase={device.phase === 'searching' || zmkShowing ? 'searching' : 'loading'}
            noDevices={device.devices.length === 0}
            {...(device.authorizeNew ? { onAuthorize: device.authorizeNew } : {})}
            onDoctor={device.openDoctor}
          />
        ) : (
          <Suspense fallback={<Loader phase="loading" noDevices={false} />}>
            {shownRoute === '/' && !noDefinition && <ConfigureScreen />}
            {shownRoute === '/test' && <TesterScreen />}
            {shownRoute === '/design' && <DesignScreen />}
            {shownRoute === '/debug' && <DebugScreen />}
            {(shownRoute === '/boot' || shownRoute === '/boot2') && <BootScreen variant={shownRoute} />}
            {shownRoute === '/settings' && (
              <SettingsScreen webglAvailable={env.webglAvailable} diagnostics={device.diagnostics} />
            )}
            {shownRoute === '/errors' && <ErrorsScreen />}
            {shownRoute === '/keymap' && <SharedKeymapScreen />}
          </Suspense>
        ),
    });

  return (
    <div className="app">
      <TopBar
        route={shownRoute}
        menuRoutes={menuRoutes}
        errorCount={errorCount}
        showMenu={hidUsable}
        badge={badge}
        // The screens that show the selected keyboard (or load into it: a share link) say when it is a virtual one. A ZMK keyboard has its own
        // screen (the HID keyboards' phase does not apply). Both ways to a real keyboard are offered: WebHID's
        // chooser (VIA, Vial) and ZMK's connect dialog (serial or Bluetooth).
        virtual={
          device.selectedVirtual &&
          (zmk ||
            (device.phase === 'ready' &&
              (shownRoute === '/' || shownRoute === '/test' || shownRoute === '/keymap')))
            ? { onAuthorize: device.authorizeNew, onConnectZmk: device.connectZmk }
            : undefined
        }
      />
      {updateReady && <UpdatePrompt />}
      {!env.siteDataKept && <SiteDataNotice />}
      {/* A shared keymap opens in any browser: it needs no keyboard. */}
      {!hidUsable && shownRoute !== '/keymap' ? (
        <NoHidScreen />
      ) : (
        <main className="main" aria-label={t(`screen.${shownRoute}`)}>
          {gated.refused && <RouteGateNotice reason={gated.refused} onDismiss={gated.dismiss} />}
          {zmkCreated && <ZmkRoute screen={zmk} place={place} />}
          {!zmk && placeVia()}
        </main>
      )}
      {hidUsable && <FirmwareModal />}
    </div>
  );
}

/** True until `showing` (DeviceRuntime.zmkShowing) settles; false when there is none. */
function useZmkShowing(showing: Promise<void> | null): boolean {
  const [waiting, setWaiting] = useState(showing !== null);
  useEffect(() => {
    let live = true;
    void showing?.then(() => live && setWaiting(false));
    return () => {
      live = false;
    };
  }, [showing]);
  return waiting;
}
