import { generationFor, hexKeycode } from '../keycodes/index.ts';
import { qmkKeycodeText } from '../keycodes/qmkNames.ts';
import { toQmkNumbering } from '../keycodes/numbering.ts';
import type { ConvertNote } from './convertNotes.ts';

const HEX = /^0x[0-9A-F]{4}$/;

/** A keycode as QMK source text, and the comment a hex literal gets. */
export interface QmkKey {
  text: string;
  /** Why a number is written as a number ('no QMK name', 'not converted …'); null for names. */
  comment: string | null;
}

/**
 * Writes a document's keycodes as QMK text in today's numbering: converted by name from the document's numbering
 * (keycodes/numbering.ts), QMK's names and macros (`LT(1, KC_A)`), hex only where QMK has no name. A number the
 * source numbering does not name cannot be carried by name: it is written as the same number and counted for the
 * `unnamedKeycode` note, never guessed.
 */
export class QmkKeyWriter {
  private readonly unnamed = new Map<number, number>();

  constructor(private readonly protocol: number) {}

  key(code: number): QmkKey {
    const qmk = toQmkNumbering(code, this.protocol);
    if (qmk === null) return this.unconverted(code);
    const text = qmkKeycodeText(qmk);
    if (!HEX.test(text)) return { text, comment: null };
    // No QMK name for it today: a number in a keymap is never converted, so the keyboard's own number is written.
    if (this.converts) return this.unconverted(code);
    return { text, comment: 'no QMK name' };
  }

  private unconverted(code: number): QmkKey {
    this.unnamed.set(code, (this.unnamed.get(code) ?? 0) + 1);
    return {
      text: hexKeycode(code),
      comment: `VIA protocol ${this.protocol}'s number: no name to carry it by`,
    };
  }

  /** The text alone (keymap.json, or C where a comment does not fit). */
  text(code: number): string {
    return this.key(code).text;
  }

  /** The numbering conversion did anything (the source is not today's QMK numbering). */
  get converts(): boolean {
    return generationFor(this.protocol) !== 'v12';
  }

  /** What could not be carried by name, once for the whole document. */
  notes(): ConvertNote[] {
    if (this.unnamed.size === 0) return [];
    const codes = [...this.unnamed.keys()].map(hexKeycode);
    const count = [...this.unnamed.values()].reduce((a, b) => a + b, 0);
    return [{ kind: 'unnamedKeycode', protocol: this.protocol, codes: codes.slice(0, 8), count }];
  }
}
