import {
  cloneElement,
  Suspense,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type TouchEvent,
} from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';
import { optionalComponent } from '../../app/chunk-load';

/**
 * Its own chunk: with its popper it was a tenth of the first screen's MUI (issue 18). Without
 * it (offline before the service worker stored it) the child stays as it is.
 */
const Tooltip = optionalComponent(
  () => import('@mui/material/Tooltip'),
  (m) => m.default,
  ({ children }: TooltipProps) => children,
  'the tooltip',
  { firstScreen: true },
);

type ChildProps = {
  onMouseEnter?: (event: MouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onTouchStart?: (event: TouchEvent) => void;
};

/**
 * MUI's Tooltip, loaded and mounted only once a pointer, the keyboard or a finger reaches its
 * child. A
 * Tooltip is a large component (a popper, its listeners, its theme lookups); in a list every
 * row's sync icon and disabled button had one, and rendering them was a good part of a
 * screen's first rows on a slow phone (issue 18: total blocking time; issue 11: first row).
 *
 * The child's element is replaced when the tooltip mounts, so it must not be the focusable
 * control itself (wrap a button in a span, as MUI asks for disabled buttons anyway). A mouse
 * sees the tooltip at once; a finger gets MUI's long press from the second touch on.
 */
export function LazyTooltip({
  title,
  children,
}: {
  title: ReactNode;
  children: ReactElement<ChildProps>;
}) {
  // null: not mounted yet; then MUI's own open state, controlled so the first hover shows it.
  const [open, setOpen] = useState<boolean | null>(null);
  if (open === null) {
    const own = children.props;
    return cloneElement(children, {
      onMouseEnter: (event: MouseEvent) => {
        own.onMouseEnter?.(event);
        setOpen(true);
      },
      onFocus: (event: FocusEvent) => {
        own.onFocus?.(event);
        setOpen(true);
      },
      onTouchStart: (event: TouchEvent) => {
        own.onTouchStart?.(event);
        setOpen(false);
      },
    });
  }
  // Until the chunk is there (a moment, or the service worker's copy offline) the child as it is.
  return (
    <Suspense fallback={children}>
      <Tooltip
        title={title}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
      >
        {children}
      </Tooltip>
    </Suspense>
  );
}
