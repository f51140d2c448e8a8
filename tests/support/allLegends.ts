// Unit tests read keycode legends as the app does once any pane, dialog or screen has loaded: with every row
// (the first screen ships only the KC_/QK_ rows; src/keycodes/legendSplit.test.ts checks that split itself).
import { allLegends } from '../../src/keycodes/legendTable.ts';

await allLegends.load();
