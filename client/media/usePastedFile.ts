import { useEffect } from 'react';

/** While `active`, a file pasted anywhere on the page (a copied picture) is handed to `onFile`. */
export function usePastedFile(active: boolean, onFile: (file: File) => void) {
  useEffect(() => {
    if (!active) return;
    const onPaste = (e: ClipboardEvent) => {
      const pasted = e.clipboardData?.files[0];
      if (pasted) {
        e.preventDefault();
        onFile(pasted);
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  });
}
