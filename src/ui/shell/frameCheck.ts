/** The parts of a window the frame check reads (a window, or a test's stand-in). */
export interface FramedWindow {
  readonly parent: FramedWindow;
  readonly location: { readonly origin: string };
}

/**
 * Whether the page runs inside a frame of another origin, at any depth (docs/adr/0008-framing.md). Reading
 * the location of a window of another origin throws, so the walk stops at the first ancestor that is not
 * ours; a sandboxed frame (origin 'null') reads no ancestor at all. Frames of our own origin are allowed: a
 * page of that origin can already script the app and use its keyboard permissions, so refusing it protects
 * nothing.
 */
export function framedByAnotherSite(win: FramedWindow): boolean {
  for (let at = win; at.parent !== at; at = at.parent) {
    try {
      if (at.parent.location.origin !== win.location.origin || win.location.origin === 'null') return true;
    } catch {
      return true;
    }
  }
  return false;
}
