import { useState } from 'react';

/**
 * Copies `text` to the clipboard and says so on the button itself ("Copied"), where the user is looking; a new
 * text shows the copy label again. A browser that refuses the clipboard leaves the label as it was.
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
}: {
  text: string;
  label: string;
  copiedLabel: string;
}) {
  const [copiedText, setCopiedText] = useState<string | null>(null);
  return (
    <button
      type="button"
      className="btn btn-sm"
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopiedText(text),
          () => setCopiedText(null),
        )
      }
    >
      {copiedText === text ? copiedLabel : label}
    </button>
  );
}
