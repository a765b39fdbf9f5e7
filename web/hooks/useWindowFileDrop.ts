import { useEffect, useRef } from 'react';

/** Whether a drag carries files (not text or a link being dragged about the page). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * While mounted, the whole window takes dropped files: a file let go anywhere on the page, outside
 * the drop zone too, goes to `onFiles` (when `accepting`) and never opens in the tab in place of a
 * half-filled form. A drop that a zone already handled (it called preventDefault) is left to it.
 */
export function useWindowFileDrop(onFiles: (files: File[]) => void, accepting = true): void {
  const latest = useRef({ onFiles, accepting });
  useEffect(() => {
    latest.current = { onFiles, accepting };
  });
  useEffect(() => {
    const onDragOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = latest.current.accepting ? 'copy' : 'none';
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      const handled = event.defaultPrevented;
      // Never let the browser open the file in place of the page.
      event.preventDefault();
      const files = [...(event.dataTransfer?.files ?? [])];
      if (!handled && latest.current.accepting && files.length) latest.current.onFiles(files);
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
}
