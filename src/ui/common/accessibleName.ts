/**
 * The words a visible label and an accessible name are compared by, as speech control and the label-in-name
 * check compare them: letters and digits in lower case, what stands in parentheses dropped (as the label-in-name check drops it),
 * symbols ignored.
 */
const words = (text: string) =>
  text
    .replace(/\([^()]*\)/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');

/**
 * Whether `name` says the words of the visible `label` in order (WCAG 2.5.3 Label in Name: someone who says
 * "click Bksp" must reach the button that shows Bksp). A label of symbols only ("▽", "⇄") has no words.
 */
export function nameHasLabel(name: string, label: string): boolean {
  const said = words(label);
  return !said || ` ${words(name)} `.includes(` ${said} `);
}
