/** What the layer selector gives its menu (LayerMenu.tsx) and the panel that menu loads on demand. */
export interface LayerMenuProps {
  layerCount: number;
  /** The selected layer: the one the tools act on. */
  layer: number;
  vendorProductId: number;
}
