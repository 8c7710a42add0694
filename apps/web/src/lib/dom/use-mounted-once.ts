import { useState } from 'react';

/**
 * False until `open` is first true, then true for good: for a dialog that a screen may never
 * open, mounted only when it first opens and kept for its closing animation. A closed MUI dialog
 * still renders its hooks and its modal on every render of the screen (issue 18: a list
 * screen's start on a slow phone).
 */
export function useMountedOnce(open: boolean): boolean {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted || open;
}
