/**
 * Read by screen readers, not seen: for `sx`. Sizes as text, since a bare 1 in `sx` means 100 %.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
