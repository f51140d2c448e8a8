import type { ZmkContact, ZmkDemoMaker, ZmkRecognition } from './zmkSource.ts';
import type { DeviceCapabilities } from './deviceCapabilities.ts';
import type { DeviceFamily } from './deviceFamily.ts';
// Static: this module loads only with the first ZMK keyboard (app/zmkConnections.ts), and in the ZMK chunks
// (vite.config.ts `ZMK_GROUPS`) these come in the same two files instead of four more on the ZMK demo's path.
import { openZmkSession, readWithRetry } from '../services/zmkSession.ts';
import { ZmkError } from '../zmk/errors.ts';
import { zmkDemoKeyboard } from '../virtual-keyboard/zmk/zmkDemoKeyboard.ts';
import { serialZmkTransport } from '../transport/zmkSerialTransport.ts';

/** What a ZMK keyboard offers (its store's entry carries it): everything VIA-shaped is absent; the lock is ZMK Studio's (docs/zmk-studio-protocol.md "The lock"). */
export const ZMK_CAPABILITIES: DeviceCapabilities = {
  encoders: false,
  lighting: null,
  vilFiles: false,
  matrixTester: null,
  vialFeatures: false,
  lock: 'zmk',
  definitionFrom: 'keyboard',
};

/**
 * ZMK keyboards with ZMK Studio (docs/zmk-studio-protocol.md), listed by their own source (Web Serial, Web
 * Bluetooth, the virtual port: app/zmkConnections.ts). Recognising opens the ZMK Studio session over the
 * contact and asks the keyboard's name, which works while it is locked; a keyboard that does not answer is a
 * problem the connection doctor explains (output on Bluetooth, the peripheral half of a split, no Studio in the
 * build). The session's code loads with this module, with the first ZMK keyboard.
 */
export const zmkFamily = {
  id: 'zmk',
  source: 'zmk',
  async recognise({ transport, options }: ZmkContact): Promise<ZmkRecognition> {
    const session = openZmkSession(transport, options);
    try {
      return { info: await readWithRetry(() => session.core.deviceInfo()), session };
    } catch (error) {
      // The session stays open: the keyboard's store shows the failure and can ask again.
      const message = error instanceof Error ? error.message : String(error);
      const failure =
        error instanceof ZmkError
          ? { code: error.code, request: error.request, ...(error.over ? { over: error.over } : {}) }
          : { code: 'timeout' as const, request: 'core.getDeviceInfo' };
      return { problem: 'notAnswering', message, failure, session };
    }
  },
  demos: {
    ids: ['zmk-demo'],
    async config(): Promise<ZmkDemoMaker> {
      return ({ settings, onSaved }) => {
        const keyboard = zmkDemoKeyboard({
          ...(settings ? { settings } : {}),
          onSettingsChanged: onSaved,
        });
        return {
          transport: serialZmkTransport(keyboard.serialPort, `Virtual: ${keyboard.board.name}`),
          virtual: { pressUnlock: () => keyboard.pressStudioUnlock(), keyboard },
        };
      };
    },
  },
} satisfies DeviceFamily<'zmk'>;
