import './demoCards.css';

/** One virtual keyboard offered under 'Try a virtual keyboard': its name and a line on what it shows. */
export function DemoCard({
  name,
  hint,
  disabled,
  onPlug,
}: {
  name: string;
  hint: string;
  disabled: boolean;
  onPlug(): void;
}) {
  return (
    <li>
      <button type="button" className="demo-card" disabled={disabled} onClick={onPlug}>
        <strong>{name}</strong>
        <span className="row-hint">{hint}</span>
      </button>
    </li>
  );
}
