import { VIAL_DEMOS } from './demoKeyboards.ts';

/**
 * The Vial demos' UIDs as KeyboardState.vial.uid writes them (hex, the 8 bytes vialDemo.ts gives read as a
 * little-endian number). Apart from VIAL_DEMOS, which the first screen loads: only a .vil import needs them.
 */
const UIDS: Readonly<Record<string, string>> = {
  'vial-demo': '4b4c5649414c3031',
  'vial-demo-v5': '354c5649414c3031',
};

/**
 * The Vial demo keyboard with this UID (hex), to name the keyboard a .vil was saved from. Compared as doubles:
 * vial-gui writes the UID as a JSON number, which JSON.parse rounds (vial/vilOrigin.ts does the same).
 */
export function vialDemoNameOfUid(uid: string): string | null {
  if (!/^[0-9a-f]{1,16}$/i.test(uid)) return null;
  const value = Number(BigInt(`0x${uid}`));
  const demo = VIAL_DEMOS.find((d) => UIDS[d.id] && Number(BigInt(`0x${UIDS[d.id]}`)) === value);
  return demo?.name ?? null;
}
