import type { DefinitionVersion } from '../definitions/compile.ts';
import { loadCommonMenus } from '../definitions/menus.ts';
import { PROTOCOL } from '../qmk/protocolVersions.ts';
import { vendorProductId } from '../protocol/hidDevice.ts';
import { ViaCommands } from '../protocol/viaCommands.ts';
import { configFromDefinition } from '../virtual-keyboard/configFromDefinition.ts';
import { DEMO_KEYBOARDS, findDemo, UNKNOWN_DEMO } from '../virtual-keyboard/demoKeyboards.ts';
import type { ConnectedDevice, DeviceFamily, FamilyDeps } from './deviceFamily.ts';
import { ViaSession } from './viaSession.ts';

/** What the Errors page logs for a device on the VIA interface whose protocol cannot be read. */
export const MSG_INVALID_PROTOCOL = 'Received invalid protocol version from device';

/** The definition version a VIA protocol needs: v3 (menus) from protocol 11. */
export const definitionVersionFor = (protocol: number): DefinitionVersion =>
  protocol >= PROTOCOL.V3_DEFINITIONS ? 'v3' : 'v2';

/** A keyboard's definition as the user stored it or the app serves it (DefinitionsRepository). */
function servedDefinition(deps: FamilyDeps, device: ConnectedDevice) {
  const { vendorId, productId, productName, protocol } = device;
  return deps.definitions
    .definition(device.vendorProductId, device.requiredDefinitionVersion, {
      vendorId,
      productId,
      productName,
      protocol,
    })
    .then((definition) => ({ definition, version: device.requiredDefinitionVersion }));
}

/**
 * QMK keyboards with VIA: any device on the VIA raw-HID interface that answers VIA's protocol version (asked
 * last: the families before it claim the ones that are more than VIA). Its definition is served or stored by the
 * user; a keyboard without one is listed as such (docs/adr/0013-unknown-keyboards.md).
 */
export const viaFamily: DeviceFamily<'hid'> = {
  id: 'via',
  source: 'hid',

  async recognise(connection, deps) {
    const probe = await connection.protocol();
    if (!probe.ok) return { problem: probe.problem, message: MSG_INVALID_PROTOCOL };
    const { protocol } = probe;
    const version = definitionVersionFor(protocol);
    const vpid = vendorProductId(connection.provided.device);
    const hasDefinition = await deps.definitions.isSupported(vpid, version).catch(() => false);
    const session = await connection.once(
      `via:${protocol}`,
      async () =>
        new ViaSession(new ViaCommands(connection.client, protocol), (device) =>
          servedDefinition(deps, device),
        ),
    );
    return {
      facts: { vendorProductId: vpid, protocol, requiredDefinitionVersion: version, hasDefinition },
      session,
    };
  },

  demos: {
    ids: [
      ...[...DEMO_KEYBOARDS, UNKNOWN_DEMO].map((demo) => demo.id),
      // The QMK flashing demos: their table loads with the first of them (virtual-keyboard/qmkDemos.ts).
      'qmk-caterina',
      'qmk-atmel-dfu',
      'qmk-stm32-dfu',
      'qmk-halfkay',
      'qmk-uf2',
      // Keychron's firmware (docs/keychron-protocol.md): board data and model load with the first of them.
      'keychron-q1v2',
      'keychron-c1-pro-8k',
    ],
    async config(id, deps) {
      if (id.startsWith('keychron-')) {
        return import('../virtual-keyboard/keychron/keychronBoards.ts').then((m) => m.keychronDemoConfig(id));
      }
      const demo =
        findDemo(id) ?? (await import('../virtual-keyboard/qmkDemos.ts').then((m) => m.findQmkDemo(id)));
      if (!demo) throw new Error(`Unknown virtual keyboard '${id}'`);
      // Its firmware is the shipped definition; how Keyloom reads it (a file the user keeps for it may win) is
      // looked up meanwhile, so the load that follows finds the browser's store already asked.
      void deps.definitions.definition(demo.vendorProductId, demo.definitionVersion).catch(() => undefined);
      const definition = await deps.definitions.shippedDefinition(
        demo.vendorProductId,
        demo.definitionVersion,
      );
      // The common menus its menus may name are loaded before its firmware is built from them.
      if ('menus' in definition) await loadCommonMenus(definition.menus);
      return configFromDefinition(definition, { protocol: demo.protocol, ...demo.firmware });
    },
  },
};
