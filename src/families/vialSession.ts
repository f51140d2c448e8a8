import { type VialKeyboardId } from '../protocol/vialBasics.ts';
import { VIAL_VERSION, vialKeycodeProtocol } from '../qmk/protocolVersions.ts';
import { VialCommands } from '../protocol/vialCommands.ts';
import { VIAL_DEFINITION_ERROR } from '../services/vialKeyboard.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';
import { viaCapabilities, type DeviceCapabilities } from './deviceCapabilities.ts';
import { DeviceRefusal, type ConnectedDevice } from './deviceFamily.ts';
import type { ViaConnection } from './viaConnection.ts';
import { ViaSession } from './viaSession.ts';

/**
 * The Vial keyboard's definition, read from it once per device (a failed read is tried again next time). The
 * reader, and the xz decoder and compiler it loads, come with the first load. A definition that cannot be used
 * stays so: the load is refused with what is wrong instead of being tried again.
 */
function vialDefinition(connection: ViaConnection, device: ConnectedDevice) {
  return connection
    .once('vial:definition', () =>
      import('../services/vialDefinitionReader.ts').then((m) =>
        m.loadVialDefinition(connection.client, device),
      ),
    )
    .catch((error: unknown) => {
      if (error instanceof Error && error.name === VIAL_DEFINITION_ERROR)
        throw new DeviceRefusal('vialDefinition', error.message);
      throw error;
    });
}

/** What a Vial keyboard offers: VIA's, with Vial's encoders, lighting, files, features and lock. */
function vialCapabilities(keyboard: KeyboardState): DeviceCapabilities {
  const via = viaCapabilities(keyboard);
  // Vial protocol 3 and later answer the matrix only when unlocked.
  const matrixLocked = (keyboard.vial?.protocol ?? 0) >= VIAL_VERSION.MATRIX_TESTER_UNLOCK;
  return {
    ...via,
    encoders: true,
    lighting: keyboard.vial?.vialRgb ? 'vialRgb' : via.lighting,
    vilFiles: true,
    matrixTester: via.matrixTester && (matrixLocked ? 'unlock' : 'open'),
    vialFeatures: true,
    lock: 'vial',
    definitionFrom: 'keyboard',
  };
}

/**
 * A Vial keyboard's session (loaded with the first Vial keyboard, never on the first screen): Vial's commands,
 * its own definition, its keycode numbering, encoders through Vial's request, and its facts on the keyboard.
 */
export function vialSession(connection: ViaConnection, protocol: number, vial: VialKeyboardId): ViaSession {
  return new ViaSession(
    new VialCommands(connection.client, protocol, vial.protocol),
    (device) => vialDefinition(connection, device),
    {
      keycodeProtocol: vialKeycodeProtocol(vial.protocol),
      encoders: true,
      extra: { vial },
      capabilities: vialCapabilities,
    },
  );
}
