/**
 * Writes the demo firmware image the Aurora 75's vendor config offers for online upgrade
 * (keyboards/tabkb/firmware/). Its payload carries the `KLFW:a.b.c` tag the virtual keyboard reads as its new
 * version; the rest is deterministic filler of a realistic size. Run: npx tsx scripts/make-demo-firmware.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildUf2 } from '../src/formats/uf2.ts';

const version = '1.0.3';
const payload = new Uint8Array(48 * 1024);
let seed = 0x4b4c;
for (let i = 0; i < payload.length; i++) {
  seed = (seed * 1103515245 + 12345) >>> 0;
  payload[i] = seed >>> 24;
}
payload.set(new TextEncoder().encode(`Keyloom Aurora 75 KLFW:${version}\0`), 256);
mkdirSync('keyboards/tabkb/firmware', { recursive: true });
writeFileSync(`keyboards/tabkb/firmware/keyloom-aurora75-${version}.uf2`, buildUf2(payload));
