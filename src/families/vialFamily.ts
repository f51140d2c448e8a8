import { vendorProductId } from '../protocol/hidDevice.ts';
import { VIAL_VERSION, vialKeycodeProtocol } from '../protocol/vialBasics.ts';
import { identifyVial, VIAL_DEFINITION_ERROR, VIAL_VIA_PROTOCOL } from '../services/vialKeyboard.ts';
import { findVialDemo, VIAL_DEMOS } from '../virtual-keyboard/demoKeyboards.ts';
import { viaCapabilities } from './deviceCapabilities.ts';
import { DeviceRefusal, type ConnectedDevice, type DeviceFamily } from './deviceFamily.ts';
import type { ViaConnection } from './viaConnection.ts';
import { definitionVersionFor } from './viaFamily.ts';
import { ViaSession } from './viaSession.ts';

/**
 * The Vial keyboard's definition, read from it once per device (a failed read is tried again next time). The
 * reader, and the xz decoder and compiler it loads, come only with a Vial keyboard. A definition that cannot be
 * used stays so: the load is refused with what is wrong instead of being tried again.
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

/**
 * Vial keyboards (docs/vial-protocol.md): VIA protocol 9 boards that answer Vial's "get keyboard id" (asked once
 * per device, before the VIA family looks). They carry their own definition, number keycodes by their Vial
 * protocol, read encoders with Vial's own request, and add a lock, tap dance, combos, key overrides, QMK settings
 * and VialRGB. Their commands (protocol/vialCommands.ts) load with the first one.
 */
export const vialFamily: DeviceFamily<'hid'> = {
  id: 'vial',
  source: 'hid',

  async recognise(connection) {
    const probe = await connection.protocol();
    if (!probe.ok || probe.protocol !== VIAL_VIA_PROTOCOL) return null;
    const { protocol } = probe;
    const vial = await connection.once('vial', () => identifyVial(connection.client));
    if (!vial) return null;
    const session = await connection.once(`vial:${protocol}`, async () => {
      const { VialCommands } = await import('../protocol/vialCommands.ts');
      return new ViaSession(
        new VialCommands(connection.client, protocol, vial.protocol),
        (device) => vialDefinition(connection, device),
        { keycodeProtocol: vialKeycodeProtocol(vial.protocol), encoders: true, extra: { vial } },
      );
    });
    return {
      facts: {
        vendorProductId: vendorProductId(connection.provided.device),
        protocol,
        requiredDefinitionVersion: definitionVersionFor(protocol),
        hasDefinition: true,
        vial,
      },
      session,
    };
  },

  capabilities(keyboard) {
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
  },

  demos: {
    ids: VIAL_DEMOS.map((demo) => demo.id),
    async config(id) {
      const demo = findVialDemo(id);
      if (!demo) throw new Error(`Unknown virtual keyboard '${id}'`);
      // A Vial board carries its definition in its firmware: nothing to fetch. The app's side of reading it (the
      // Vial reader) loads beside the board's firmware, not after it.
      void import('../services/vialDefinitionReader.ts').catch(() => undefined);
      const { vialDemoConfig } = await import('../virtual-keyboard/vial/vialDemo.ts');
      return vialDemoConfig(demo.vialProtocol);
    },
  },
};
