/** Small line icons for custom-menu panes (lightbulb, headphones, display, gear), drawn in currentColor. */
export function MenuIcon({ kind }: { kind: 'lightbulb' | 'headphones' | 'display' | 'gear' }) {
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.6,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" className="pane-icon">
      {kind === 'lightbulb' && (
        <g {...common}>
          <path d="M5.5 10.5c-1.3-1-2-2.4-2-3.9a4.5 4.5 0 0 1 9 0c0 1.5-.7 2.9-2 3.9v1.5h-5z" />
          <path d="M6 14h4" />
        </g>
      )}
      {kind === 'headphones' && (
        <g {...common}>
          <path d="M2.5 11V8a5.5 5.5 0 0 1 11 0v3" />
          <rect x="2" y="9.5" width="3" height="4.5" rx="1" />
          <rect x="11" y="9.5" width="3" height="4.5" rx="1" />
        </g>
      )}
      {kind === 'display' && (
        <g {...common}>
          <rect x="1.5" y="2.5" width="13" height="8.5" rx="1" />
          <path d="M5.5 14h5M8 11v3" />
        </g>
      )}
      {kind === 'gear' && (
        <g {...common}>
          <circle cx="8" cy="8" r="2.2" />
          <path d="M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4" />
        </g>
      )}
    </svg>
  );
}
