/** One entry of a words table ('' where it has none). */
export type WordLookup = (table: 'legendWords' | 'legendParts', english: string) => string;

/**
 * An English keycode legend or title in the user's language, from its tables (`keycodes:legendWords`, whole texts;
 * `keycodes:legendParts`, the separator between a title's parts and the words before a number or a modifier):
 * the whole text when the table has it; else its number family ('Momentary layer 2' as 'Momentary layer #') with
 * its numbers put back; else a title of parts ('Layer-tap 2, Space') part by part; else its first word ('One-shot
 * Ctrl'); else the English, unchanged (key names stay as on the keycap).
 */
export function legendInWords(text: string, lookup: WordLookup): string {
  const whole = lookup('legendWords', text);
  if (whole) return whole;
  const numbers = text.match(/\d+/g);
  if (numbers) {
    const family = lookup('legendWords', text.replace(/\d+/g, '#'));
    let i = 0;
    if (family) return family.replace(/#/g, () => numbers[i++] ?? '#');
  }
  const comma = text.indexOf(', ');
  if (comma > 0) {
    const separator = lookup('legendParts', ', ') || ', ';
    return `${legendInWords(text.slice(0, comma), lookup)}${separator}${legendInWords(text.slice(comma + 2), lookup)}`;
  }
  const space = text.indexOf(' ');
  if (space > 0) {
    const first = lookup('legendParts', text.slice(0, space));
    if (first) return `${first}${text.slice(space)}`;
  }
  return text;
}
