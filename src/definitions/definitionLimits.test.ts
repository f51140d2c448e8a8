import { describe, expect, it } from 'vitest';
import { HOSTILE_DEFINITIONS, HOSTILE_IDS } from '../../tests/support/hostileDefinitions.ts';
import * as compiler from './compile.ts';
import { checkDefinitionFile, readDefinitionFile } from './definitionFile.ts';
import { textSizeProblem } from './definitionText.ts';
import { limitMessage } from './limitMessage.ts';
import { jsonSizeProblem, servedSizeProblem, sourceSizeProblem } from './definitionSize.ts';
import { importDesignFiles } from './designImport.ts';
import { checkServedDefinition } from './servedDefinitionShape.ts';

/**
 * The audit's hostile definitions (issue 33): each small file with one huge count is refused on every path a
 * user brings a definition by — the unknown-keyboard flow, 'Build a virtual keyboard' and the CLI (one reader),
 * the Design tab — with the limit it breaks named. How fast is measured by bench/hostileFiles.bench.ts.
 */
describe('hostile definitions are refused, saying what is too large', () => {
  for (const hostile of HOSTILE_DEFINITIONS) {
    it(hostile.name, () => {
      const keyboard = { ...HOSTILE_IDS, protocol: hostile.version === 'v3' ? 12 : 10 };
      const file = checkDefinitionFile(hostile.text, keyboard, compiler);
      expect(file.ok).toBe(false);
      if (!file.ok) expect(file.refusal).toMatchObject({ code: 'tooLarge', subject: hostile.subject });

      const read = readDefinitionFile(hostile.text, compiler);
      expect(read).toMatchObject({ ok: false, limit: { subject: hostile.subject } });
      if (!read.ok) expect(read.message).toBe(limitMessage(read.limit!));

      const design = importDesignFiles(
        [{ name: 'hostile.json', text: hostile.text }],
        hostile.version,
        compiler,
      );
      expect(design.ok).toBe(false);
      if (!design.ok) expect(design.errors).toEqual([`hostile.json: ${read.ok ? '' : read.message}`]);
    });
  }

  it("words the audit's row of 8,000 entries, and what the unknown-keyboard flow adds", () => {
    const [row] = HOSTILE_DEFINITIONS;
    const read = readDefinitionFile(row!.text, compiler);
    expect(read.ok ? '' : read.message).toBe(
      'This definition has 8,000 keys in one row (layouts.keymap.0); Keyloom reads at most 256.',
    );
    const file = checkDefinitionFile(row!.text, { ...HOSTILE_IDS, protocol: 12 }, compiler);
    expect(file.ok ? '' : file.message).toBe(
      'This definition has 8,000 keys in one row (layouts.keymap.0); Keyloom reads at most 256. Nothing was stored.',
    );
  });

  it('names the LED index, the matrix and the layers a definition cannot have', () => {
    const byName = (part: string) => HOSTILE_DEFINITIONS.find((h) => h.name.includes(part))!.text;
    const message = (text: string) => {
      const read = readDefinitionFile(text, compiler);
      return read.ok ? 'accepted' : read.message;
    };
    expect(message(byName('LED index 2,147,483,693 in a legend'))).toBe(
      "A key's LED index is 2,147,483,693; the VIA protocol addresses LEDs 0 to 255.",
    );
    expect(message(byName('VIA form, LED index'))).toBe(
      "A key's LED index is 2,147,483,693 (layouts.keys.0); the VIA protocol addresses LEDs 0 to 255.",
    );
    expect(message(byName('matrix.rows 2,147,483,651'))).toBe(
      'The matrix has 2,147,483,651 rows; the VIA protocol addresses at most 255.',
    );
    expect(message(byName('40,000 positions'))).toBe(
      'The matrix has 40,000 positions; one layer of the VIA keymap holds at most 32,768.',
    );
  });
});

describe('served definitions (fetched, cached) are held to the same limits by the shape check', () => {
  const served = HOSTILE_DEFINITIONS.filter((h) => h.name.startsWith('VIA form'));

  it('refuses every hostile VIA-form file, saying where', () => {
    const expected: Record<string, string> = {
      keys: 'layouts: at most 2048 keys',
      ledIndex: 'layouts.keys.0: LED and encoder indexes must be from 0 to 255',
      encoderIndex: 'layouts.keys.0: LED and encoder indexes must be from 0 to 255',
      matrixRows: 'matrix: rows and cols must be whole numbers from 1 to 255, at most 32768 positions',
      matrixPositions: 'matrix: rows and cols must be whole numbers from 1 to 255, at most 32768 positions',
    };
    expect(served.map((h) => h.subject).sort()).toEqual(Object.keys(expected).sort());
    for (const hostile of served) {
      const result = checkServedDefinition(JSON.parse(hostile.text), 'v3');
      expect(result.ok ? hostile.name : result.message).toBe(
        `Invalid v3 definition: ${expected[hostile.subject]}`,
      );
    }
  });

  it('refuses a menu entry that is null (menus.ts would throw reading it), and other entries it cannot read', () => {
    const base = JSON.parse(served[0]!.text) as Record<string, unknown>;
    const fine = { ...base, layouts: { width: 1, height: 1, keys: [], optionKeys: {} } };
    const menu = (content: unknown) => ({ ...fine, menus: [{ label: 'Lighting', content }] });
    const control = { label: 'Brightness', type: 'range', options: [0, 255], content: ['id_b', 3, 1] };
    expect(checkServedDefinition(menu([{ label: 'Backlight', content: [control] }]), 'v3').ok).toBe(true);
    const entry = (where: string) => `${where}: must be a menu entry`;
    const cases: [unknown, string][] = [
      [menu([null]), entry('menus.0.content.0')],
      [menu([{ label: 'Backlight', content: [control, null] }]), entry('menus.0.content.0.content.1')],
      [menu([{ label: 7, content: [] }]), entry('menus.0.content.0')],
      [menu([{ label: 'B', showIf: 1, content: [] }]), entry('menus.0.content.0')],
      [menu([{ label: 'B', content: [{ ...control, options: 255 }] }]), entry('menus.0.content.0.content.0')],
      [
        menu([{ label: 'B', content: [{ ...control, content: ['id_b', 3, 1000] }] }]),
        entry('menus.0.content.0.content.0'),
      ],
      [menu(null), entry('menus.0')],
      [
        menu(Array.from({ length: 3_000 }, () => ({ label: 'S', content: [] }))),
        'menus: at most 2048 entries',
      ],
    ];
    for (const [definition, message] of cases) {
      const result = checkServedDefinition(definition, 'v3');
      expect(result.ok ? 'accepted' : result.message).toContain(message);
    }
  });
});

describe('the size checks themselves', () => {
  it('count UTF-8 bytes, not characters, and refuse deep nesting before parsing', () => {
    expect(textSizeProblem('€'.repeat(300_000))).toBeNull();
    expect(textSizeProblem('€'.repeat(400_000))).toMatchObject({ subject: 'fileBytes', count: 1_200_000 });
    expect(textSizeProblem(`{"a":"${'['.repeat(100)}"}`)).toBeNull(); // brackets inside a text do not nest
    expect(textSizeProblem(`{"a":"\\"${'['.repeat(100)}"}`)).toBeNull(); // nor after an escaped quote
    expect(textSizeProblem(`${'['.repeat(33)}${']'.repeat(33)}`)).toMatchObject({ subject: 'depth' });
    expect(textSizeProblem(`${'['.repeat(32)}${']'.repeat(32)}`)).toBeNull();
  });

  it('walk values without recursion: a million nested lists is a depth problem, not a stack overflow', () => {
    let deep: unknown = [];
    for (let i = 0; i < 1_000_000; i++) deep = [deep];
    expect(jsonSizeProblem(deep)).toMatchObject({ subject: 'depth' });
    expect(jsonSizeProblem(Array.from({ length: 200_000 }, () => 0))).toMatchObject({ subject: 'values' });
    expect(jsonSizeProblem({ ['k'.repeat(5_000)]: 1 })).toMatchObject({
      subject: 'stringLength',
      count: 5_000,
    });
  });

  it('bound layout options by the 32-bit value the keyboard keeps them in', () => {
    const layouts = (labels: unknown[]) => ({
      matrix: { rows: 1, cols: 1 },
      layouts: { keymap: [], labels },
    });
    const wide = (choices: number) => ['Option', ...Array.from({ length: choices }, (_, i) => `c${i}`)];
    expect(sourceSizeProblem(layouts(Array.from({ length: 6 }, () => wide(32))))).toBeNull(); // 30 bits
    expect(sourceSizeProblem(layouts(Array.from({ length: 7 }, () => wide(32))))).toMatchObject({
      subject: 'optionBits',
      count: 35,
    });
    expect(sourceSizeProblem(layouts([wide(33)]))).toMatchObject({
      subject: 'choices',
      where: 'layouts.labels.0',
    });
    expect(servedSizeProblem({ matrix: { rows: 255, cols: 128 }, layouts: {} })).toBeNull();
    expect(servedSizeProblem({ matrix: { rows: 255, cols: 129 }, layouts: {} })).toMatchObject({
      subject: 'matrixPositions',
    });
  });
});
