// The update state shared by the service-worker client (first screen) and its registration (loaded after idle),
// in a module of its own so neither imports the other back.
/** A new version downloaded in the background and waiting for the user (never applied by itself). */
export interface AppUpdateState {
  ready: boolean;
  /**
   * A new version took over from another tab while this one still runs the old one: this tab keeps working
   * (the old version's files stay cached while it is open) and is asked to reload.
   */
  updatedElsewhere: boolean;
  /** Lets the new version take over, then reloads the page; the caller decides when that is safe. */
  apply(): void;
  dismiss(): void;
}

/** What the registration (loaded after idle) and this module's listener share. */
export interface UpdateHandle {
  waiting: ServiceWorker | null;
  applying: boolean;
}
