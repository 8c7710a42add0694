import Typography from '@mui/material/Typography';
import { useRef, type ReactNode } from 'react';
import { useInRouterContext } from 'react-router';
import { FocusOnArrival } from './focus-on-arrival';

/**
 * The one h1 of a screen, smaller on phones. Focusable from script (not a Tab stop): arriving
 * on a page puts the focus here, where reading and the next Tab continue.
 */
export function PageTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const inRouter = useInRouterContext();
  return (
    <>
      <Typography
        ref={ref}
        variant="h4"
        component="h1"
        tabIndex={-1}
        gutterBottom
        sx={(theme) => ({
          fontSize: { xs: '1.75rem', sm: '2.125rem' },
          // The theme's keyboard focus ring (app/focus-styles.ts); no ring after a click.
          '&:focus-visible': theme.focusVisible || undefined,
        })}
      >
        {children}
      </Typography>
      {inRouter && <FocusOnArrival target={ref} />}
    </>
  );
}
