import { useRef } from 'react';

/** A button that opens a file chooser (the input stays hidden but labelled, so tests and readers find it). */
export function FileButton({
  label,
  accept,
  disabled,
  directory = false,
  multiple = false,
  inputLabel = label,
  testId,
  onFiles,
}: {
  label: string;
  accept: string;
  disabled: boolean;
  directory?: boolean;
  multiple?: boolean;
  /** What the chooser is for, where the button says only "Choose file…" (the row's own label). */
  inputLabel?: string;
  testId?: string;
  onFiles(files: File[]): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="btn" disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </button>
      <input
        ref={(node) => {
          input.current = node;
          // React does not know the non-standard folder attribute.
          if (node && directory) node.setAttribute('webkitdirectory', '');
        }}
        type="file"
        accept={accept}
        multiple={multiple || directory}
        hidden
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
