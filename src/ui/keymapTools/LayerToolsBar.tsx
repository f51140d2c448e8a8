import { useEffect, type ReactNode } from 'react';
import type { BindingPlace, LayerReach } from '../../keymap/layerReach.ts';
import { FindPanel } from './FindPanel.tsx';
import { LayersOverview, type OverviewLayer } from './LayersOverview.tsx';
import { LayersUnderPicker } from './LayersUnderPicker.tsx';
import { ReachSummary } from './ReachSummary.tsx';
import './keymapTools.css';

/** What the bar shows of the keymap analysis (src/keymap/), for any family's bindings `B`. */
export interface LayerToolsInsight<B> {
  reach: readonly LayerReach<B>[];
  /** The layers marked on under the shown one. */
  under: readonly number[];
  hits: readonly BindingPlace[];
  macroHits: readonly number[];
  searching: boolean;
  describe(binding: B): { label: string; title: string };
}

export interface LayerToolsBarProps<B> {
  /** The shown layer's index. */
  layer: number;
  insight: LayerToolsInsight<B>;
  /** The layers that can be marked on under the shown one. */
  below: readonly number[];
  onToggleUnder(layer: number): void;
  /** Shows a binding's place: its layer, its key selected and focused. */
  onShow(place: BindingPlace): void;
  /** What to say of a layer nothing reaches, when the family needs more words than 'nothing reaches'. */
  unreachableText?: string | undefined;
  /** The key tools' status line (KeyToolsStatus). */
  status: ReactNode;
  panel: 'overview' | 'find' | null;
  onClosePanel(): void;
  query: string;
  onQuery(query: string): void;
  /** The binding at a hit's place, and where a key is in the family's words (Find's list). */
  bindingAt(place: BindingPlace): B;
  placeOf?: ((index: number) => string) | undefined;
  findPlaceholder?: string | undefined;
  onShowMacro(index: number): void;
  /** All layers' small keyboards (drawn only while the panel is open). */
  overview: readonly OverviewLayer[];
  onChooseOverview(layer: number, index: number): void;
  /** What acts on the keyboard itself (marks, gestures), drawn after the line. */
  children?: ReactNode;
}

/**
 * The keymap tools beside the layer buttons, one bar for every family (VIA, Vial, ZMK): how the shown layer is
 * reached, which layers it falls through to, what the key tools are doing, and the Find and All layers panels.
 * Each family feeds it its binding model's analysis; a fix here holds for all of them.
 */
export function LayerToolsBar<B>(props: LayerToolsBarProps<B>) {
  const { layer, insight, onShow, panel, onClosePanel } = props;
  const reach = insight.reach[layer];
  // Escape or Close in a panel takes the panel, and the focus in it, away: the focus goes back to the button that
  // opened it (KeymapToolsButtons), as a dialog gives it back to its opener, not onto the page.
  const close = () => {
    const opener = document.querySelector<HTMLElement>(`[data-keymap-tool="${panel}"]`);
    onClosePanel();
    opener?.focus();
  };
  // Escape on the open panel's own button closes it too, as Escape in the panel does. Listened for here, with the
  // panel, not on the button: the buttons are on the first screen, whose download is at its budget.
  useEffect(() => {
    if (!panel) return;
    const onKey = (e: KeyboardEvent) => {
      if (
        e.key === 'Escape' &&
        e.target instanceof Element &&
        e.target.matches(`[data-keymap-tool="${panel}"]`)
      )
        onClosePanel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panel, onClosePanel]);
  return (
    <div className="keymap-tools-bar" data-testid="keymap-tools-bar">
      <div className="keymap-tools-line">
        {reach && (
          <ReachSummary
            reach={reach}
            describe={insight.describe}
            onShow={onShow}
            unreachableText={props.unreachableText}
          />
        )}
        <LayersUnderPicker below={props.below} chosen={insight.under} onToggle={props.onToggleUnder} />
        {props.status}
      </div>
      {props.children}
      {panel === 'find' && (
        <FindPanel
          query={props.query}
          onQuery={props.onQuery}
          onClose={close}
          hits={insight.hits}
          macroHits={insight.macroHits}
          searching={insight.searching}
          bindingAt={props.bindingAt}
          describe={insight.describe}
          placeholder={props.findPlaceholder}
          placeOf={props.placeOf}
          onShow={onShow}
          onShowMacro={props.onShowMacro}
        />
      )}
      {panel === 'overview' && (
        <LayersOverview layers={props.overview} onChoose={props.onChooseOverview} onClose={close} />
      )}
    </div>
  );
}
