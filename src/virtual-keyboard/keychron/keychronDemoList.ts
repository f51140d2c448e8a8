/**
 * The virtual Keychron boards offered under 'Try a virtual keyboard' and by `?virtual=<id>`: ids and names only,
 * so listing them does not load their board data or firmware model (keychronBoards.ts, loaded on plug-in).
 */
export const KEYCHRON_DEMO_LIST: readonly { id: string; name: string }[] = [
  { id: 'keychron-q1v2', name: 'Keychron Q1 V2 ANSI Knob' },
  { id: 'keychron-c1-pro-8k', name: 'Keychron C1 Pro 8K ANSI' },
];
