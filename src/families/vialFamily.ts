import { vendorProductId } from '../protocol/hidDevice.ts';
import { identifyVial, VIAL_VIA_PROTOCOL } from '../services/vialKeyboard.ts';
import { findVialDemo, VIAL_DEMOS } from '../virtual-keyboard/demoKeyboards.ts';
import type { DeviceFamily } from './deviceFamily.ts';
import { definitionVersionFor } from './viaFamily.ts';

/**
 * Vial keyboards (docs/vial-protocol.md): VIA protocol 9 boards that answer Vial's "get keyboard id" (asked once
 * per device, before the VIA family looks). They carry their own definition, number keycodes by their Vial
 * protocol, read encoders with Vial's own request, and add a lock, tap dance, combos, key overrides, QMK settings
 * and VialRGB. Their session (vialSession.ts: Vial's commands, the reader of their definition, what they offer)
 * loads with the first one.
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
    const session = await connection.once(`vial:${protocol}`, () =>
      import('./vialStart.ts')
        .then((m) => m.loadVialSession(vial.protocol))
        .then((m) => m.vialSession(connection, protocol, vial)),
    );
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

  demos: {
    ids: VIAL_DEMOS.map((demo) => demo.id),
    async config(id) {
      const demo = findVialDemo(id);
      if (!demo) throw new Error(`Unknown virtual keyboard '${id}'`);
      // A Vial board carries its definition in its firmware: nothing to fetch. The app's side of talking to it
      // (the Vial session and the reader of its definition) loads beside the board's firmware, not after it.
      const { vialDemoConfig } = await (await import('./vialStart.ts')).loadVialDemo(demo.vialProtocol);
      return vialDemoConfig(demo.vialProtocol);
    },
  },
};
