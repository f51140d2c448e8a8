/**
 * Where the Design tab's drafts are kept. Its own module so the app can tell at start-up whether any are stored
 * (and then create the design store, whose check of them reports damage at once) without loading that store.
 */
export const DRAFTS_KEY = 'keyloom-design-drafts';
