import { useRef } from 'react';

/** A button that opens a file chooser (the input stays hidden but labelled, so tests and readers find it). */
export function FileButton({
  label,
  accept,
  disabled,
  directory = false,
  multiple = false,
  onFiles,
}: {
  label: string;
  accept: string;
  disabled: boolean;
  directory?: boolean;
  multiple?: boolean;
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
        aria-label={label}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
