import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');
const src = path.join(root, 'src');
// The CORE list as eslint.config.js spells it (read as text: the config is plain JS without types).
const configText = readFileSync(path.join(root, 'eslint.config.js'), 'utf8');
const CORE = [...(/const CORE = \[([^\]]*)\]/.exec(configText)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
  (match) => match[1]!,
);
const folders = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Folders above the core, each with its own lint block or none needed (docs/ARCHITECTURE.md); `offline` is the
// service worker, a separate entry point beside the page.
const ABOVE_CORE = ['app', 'families', 'services', 'state', 'ui', 'transport', 'i18n', 'cli', 'offline'];

describe('lint layers', () => {
  it('reads the list', () => expect(CORE.length).toBeGreaterThan(5));
  const core = CORE.map((glob) => /^src\/([^/]+)\/\*\*$/.exec(glob)?.[1]);

  it('names only folders that exist (no typos such as src/transfers)', () => {
    expect(core.filter((name) => !name || !folders.includes(name))).toEqual([]);
  });

  it('places every folder of src/ either in the core list or above the core', () => {
    expect(folders.filter((name) => !core.includes(name) && !ABOVE_CORE.includes(name))).toEqual([]);
  });
});

// Each floor rule of eslint.config.js, tried on a file that is not there: an import back up is an error, the same
// import downhill is not (and the core's `src/tester` is not mistaken for the UI's `src/ui/tester`).
describe('UI floors and the app layer in lint', () => {
  const eslint = new ESLint({ cwd: root });
  async function restricted(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId?.endsWith('no-restricted-imports'))
      .map((m) => m.message);
  }
  const use = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

  it.each([
    ['src/ui/AppContext.tsx', './shell/AppShell.tsx'],
    ['src/ui/common/Probe.tsx', '../shell/TopBar.tsx'],
    ['src/ui/common/Probe.tsx', '../../ui/shell/TopBar.tsx'],
    ['src/ui/canvas/Probe.tsx', '../configure/keymap/KeymapPane.tsx'],
    ['src/ui/devices/Probe.tsx', '../settings/SettingsScreen.tsx'],
    ['src/ui/configure/keymap/Probe.tsx', '../ConfigureScreen.tsx'],
    ['src/ui/configure/keymap/Probe.tsx', '../lazyPanes.ts'],
    ['src/ui/configure/keymap/Probe.tsx', '../../tester/TesterScreen.tsx'],
    ['src/ui/configure/keymap/Probe.tsx', '../../shell/routes.ts'],
    ['src/ui/settings/Probe.tsx', '../tester/TesterScreen.tsx'],
    ['src/ui/settings/Probe.tsx', '../configure/ConfigureScreen.tsx'],
    ['src/ui/configure/Probe.tsx', '../debug/DebugScreen.tsx'],
    ['src/ui/tester/Probe.tsx', '../shell/AppShell.tsx'],
    ['src/ui/common/Probe.tsx', '../../app/DeviceRuntime.ts'],
    ['src/app/Probe.ts', '../ui/AppContext.tsx'],
    ['src/state/Probe.ts', '../app/DeviceRuntime.ts'],
    ['src/services/Probe.ts', '../app/DeviceRuntime.ts'],
    ['src/protocol/Probe.ts', '../app/DeviceRuntime.ts'],
    ['src/families/Probe.ts', '../state/deviceStore.ts'],
    ['src/services/Probe.ts', '../families/viaFamily.ts'],
    ['src/protocol/Probe.ts', '../families/deviceFamily.ts'],
    ['src/lib/Probe.ts', '../keycodes/legendTable.ts'],
    ['src/convert/Probe.ts', '../zmk-studio/ZmkKeymap.ts'],
    ['src/convert/Probe.ts', '../protocol/vial.ts'],
    ['src/keymap/Probe.ts', '../zmk-studio/ZmkBehaviors.ts'],
    ['src/formats/Probe.ts', '../protocol/vendorValues.ts'],
    ['src/macros/Probe.ts', '../protocol/commands.ts'],
    ['src/definitions/Probe.ts', '../protocol/commands.ts'],
    ['src/keycodes/Probe.ts', '../zmk-studio/requests.ts'],
    ['src/zmk/Probe.ts', '../zmk-studio/ZmkRpcClient.ts'],
    ['src/qmk/Probe.ts', '../protocol/commands.ts'],
    ['src/ui/configure/zmk/Probe.tsx', '../../../zmk-studio/ZmkCore.ts'],
    ['src/ui/devices/Probe.tsx', '../../zmk-studio/errors.ts'],
    ['src/ui/configure/zmk/Probe.tsx', '../../../transport/zmkSerialTransport.ts'],
    ['src/ui/configure/zmk/Probe.tsx', '../../../protocol/commands.ts'],
    ['src/ui/configure/zmk/Probe.tsx', '../ConfigureScreen.tsx'],
    ['src/ui/configure/zmk/Probe.tsx', '../../shell/routes.ts'],
    // Issue 42.1: no UI file, on any floor, imports the wire.
    ['src/ui/configure/actuation/Probe.tsx', '../../../protocol/viaCommands.ts'],
    ['src/ui/configure/Probe.tsx', '../../protocol/vendorValues.ts'],
    ['src/ui/boot/Probe.tsx', '../../transfer/tabTransfer.ts'],
    ['src/ui/configure/flashing/Probe.tsx', '../../../flash/flashRefusals.ts'],
    ['src/ui/common/Probe.tsx', '../../protocol/hidDevice.ts'],
    ['src/ui/devices/Probe.tsx', '../../transport/hidProvider.ts'],
    ['src/ui/shell/Probe.tsx', '../../flash/FlashSession.ts'],
    // The virtual keyboards are listed by services/virtualKeyboardChoices.ts, plugged in by the runtime.
    ['src/ui/devices/Probe.tsx', '../../virtual-keyboard/demoKeyboards.ts'],
    ['src/convert/Probe.ts', '../virtual-keyboard/VirtualFirmware.ts'],
    ['src/ui/AppContext.tsx', '../protocol/viaClient.ts'],
    ['src/App.tsx', './transport/serialProvider.ts'],
    ['src/qmk/Probe.ts', '../protocol/keychron/keychronIds.ts'],
    ['src/bootloaders/Probe.ts', '../transfer/tabTransfer.ts'],
    ['src/convert/Probe.ts', '../flash/intelHex.ts'],
    ['src/bootloaders/Probe.ts', '../flash/FlashSession.ts'],
  ])('%s may not import %s', async (file, from) => {
    expect(await restricted(file, use(from))).toHaveLength(1);
  });

  it.each([
    ['src/ui/AppContext.tsx', '../state/settingsStore.ts'],
    ['src/ui/devices/Probe.tsx', '../../services/virtualKeyboardChoices.ts'],
    ['src/ui/devices/Probe.tsx', '../../definitions/buildOptions.ts'],
    ['src/ui/canvas/Probe.tsx', '../common/Message.tsx'],
    ['src/ui/configure/keymap/Probe.tsx', '../../common/Message.tsx'],
    ['src/ui/configure/vial/Probe.tsx', '../keymap/KeycodePickerField.tsx'],
    ['src/ui/configure/Probe.tsx', './lazyPanes.ts'],
    ['src/ui/configure/Probe.tsx', './keymap/KeymapPane.tsx'],
    ['src/ui/boot/Probe.tsx', '../configure/firmware/LocalFlash.tsx'],
    ['src/ui/tester/Probe.tsx', '../../tester/notes.ts'],
    ['src/ui/configure/screen/Probe.tsx', '../../../screen/screenFile.ts'],
    ['src/ui/shell/Probe.tsx', '../configure/ConfigureScreen.tsx'],
    ['src/ui/shell/Probe.tsx', '../settings/SettingsScreen.tsx'],
    ['src/app/Probe.ts', '../state/deviceStore.ts'],
    ['src/state/Probe.ts', '../families/deviceFamily.ts'],
    ['src/families/Probe.ts', '../services/keyboardLoader.ts'],
    ['src/keycodes/Probe.ts', '../lib/LoadOnce.ts'],
    ['src/lib/Probe.ts', './LoadOnce.ts'],
    ['src/convert/Probe.ts', '../zmk/behavior.ts'],
    ['src/keymap/Probe.ts', '../zmk/keymapData.ts'],
    ['src/macros/Probe.ts', '../qmk/protocolVersions.ts'],
    ['src/zmk-studio/Probe.ts', '../zmk/keymapData.ts'],
    ['src/services/Probe.ts', '../zmk-studio/ZmkRpcClient.ts'],
    ['src/ui/configure/zmk/Probe.tsx', '../../../zmk/deviceInfo.ts'],
    ['src/ui/configure/zmk/Probe.tsx', '../keymap/KeycodeGrid.tsx'],
    ['src/ui/configure/zmk/Probe.tsx', '../../../state/zmkKeyboardStore.ts'],
    ['src/ui/configure/actuation/Probe.tsx', '../../../qmk/actuation.ts'],
    ['src/ui/configure/keychron/Probe.tsx', '../../../qmk/keychronValues.ts'],
    ['src/ui/boot/Probe.tsx', '../../bootloaders/bootTargets.ts'],
    ['src/protocol/Probe.ts', '../qmk/keychronSettings.ts'],
    ['src/flash/Probe.ts', '../bootloaders/flashTargets.ts'],
  ])('%s may import %s', async (file, from) => {
    expect(await restricted(file, use(from))).toEqual([]);
  });

  it('refuses the wire’s types to the UI as well as its code', async () => {
    const file = 'src/ui/configure/customFeatures/Probe.tsx';
    const type = `import type { ViaCommands } from '../../../protocol/viaCommands.ts';\nexport type C = ViaCommands;\n`;
    expect(await restricted(file, type)).toHaveLength(1);
  });

  it('lets the UI take the app layer’s types, not its code', async () => {
    const file = 'src/ui/configure/macros/Probe.ts';
    const type = `import type { DeviceRuntime } from '../../../app/DeviceRuntime.ts';\nexport type R = DeviceRuntime;\n`;
    expect(await restricted(file, type)).toEqual([]);
    expect(await restricted(file, use('../../../app/DeviceRuntime.ts'))).toHaveLength(1);
  });
});
