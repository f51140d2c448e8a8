import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateLegendWidth } from '../../../tests/support/legendWidths.ts';
import { fitLabel, fitLines, FONT_SMALL, FONT_TINY, LABEL_INSET } from './labelFit.ts';

const measure = estimateLegendWidth;
/** Key widths as the canvas draws them: 1u is 52 px, each further unit 54. */
const keyWidth = (units: number) => units * 54 - 2;

const glyphs = fc.constantFrom(...'aeiltmwAMW019 -+/().…키キ键'.split(''));
const labels = fc.array(glyphs, { minLength: 1, maxLength: 24 }).map((g) => g.join(''));
const widths = fc.integer({ min: 20, max: 300 });

describe('fitLabel measures the legend instead of counting characters', () => {
  it('a legend that fits at 13 px is never cut', () => {
    fc.assert(
      fc.property(labels, widths, (label, width) => {
        fc.pre(measure(label, FONT_SMALL) <= width - LABEL_INSET);
        const fit = fitLabel(label, width, undefined, measure);
        expect(fit).toMatchObject({ text: label, overflows: false });
        expect(fit.fontSize).toBeGreaterThanOrEqual(FONT_SMALL);
      }),
    );
  });

  it('what it shows fits the key (a cut legend keeps at least one character)', () => {
    fc.assert(
      fc.property(labels, widths, (label, width) => {
        const fit = fitLabel(label, width, undefined, measure);
        const shown = measure(fit.text, fit.fontSize) <= width - LABEL_INSET;
        expect(shown || [...fit.text].length === 2).toBe(true);
        expect(fit.overflows).toBe(fit.text !== label);
      }),
    );
  });

  it("'Bright -' stands whole on a 1.25u key (0.6 em a character cut it to 'Brigh…')", () => {
    expect(fitLabel('Bright -', keyWidth(1.25), undefined, measure)).toEqual({
      text: 'Bright -',
      fontSize: FONT_SMALL,
      overflows: false,
    });
  });
});

describe('a minus and its plus', () => {
  it("'Vol -' is never drawn larger than 'Vol +' on the same key, whatever its width", () => {
    fc.assert(
      fc.property(fc.constantFrom('Vol', 'Bri', 'UG bri', 'RGB spd', 'Hue'), widths, (word, width) => {
        const minus = fitLines(`${word} -`, width, measure);
        const plus = fitLines(`${word} +`, width, measure);
        // Above 13 px (a short word's size) both or neither; at 13 and 11 each is measured as it is.
        expect(minus.fontSize > FONT_SMALL).toBe(plus.fontSize > FONT_SMALL);
        if (plus.fontSize > FONT_SMALL) expect(minus.fontSize).toBe(plus.fontSize);
      }),
    );
  });
});

describe('fitLines', () => {
  it('every line fits the key, and a legend is cut only when two lines at 11 px cannot hold it', () => {
    fc.assert(
      fc.property(labels, widths, (label, width) => {
        const room = width - LABEL_INSET;
        const fit = fitLines(label, width, measure);
        if (!fit.overflows) {
          expect(fit.lines.join(' ')).toBe(label);
          for (const line of fit.lines) expect(measure(line, fit.fontSize)).toBeLessThanOrEqual(room);
        } else {
          const halves = label.includes(' ') ? 2 : 1;
          expect(fit.lines).toHaveLength(halves);
          expect(measure(label, FONT_TINY)).toBeGreaterThan(room);
        }
      }),
    );
  });

  it("ZMK's 'SL Adjust' on a 1u key: 'SL' over 'Adjust', whole (it read 'SL' over 'Adju…')", () => {
    expect(fitLines('SL Adjust', keyWidth(1), measure)).toEqual({
      lines: ['SL', 'Adjust'],
      fontSize: FONT_TINY,
      overflows: false,
    });
  });

  it('two lines at 13 px come before one line at 11', () => {
    expect(fitLines('Caps Lock', keyWidth(1), measure)).toEqual({
      lines: ['Caps', 'Lock'],
      fontSize: FONT_SMALL,
      overflows: false,
    });
  });
});
