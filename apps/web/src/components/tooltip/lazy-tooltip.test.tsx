import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from './lazy-tooltip';

afterEach(cleanup);

describe('LazyTooltip', () => {
  it('renders only its child until hovered, then shows the tooltip, and hides it on leave', async () => {
    const ownHandler = vi.fn();
    render(
      <LazyTooltip title="Saved on the server">
        <span data-testid="icon" onMouseEnter={ownHandler}>
          icon
        </span>
      </LazyTooltip>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(screen.getByTestId('icon'));
    expect(ownHandler).toHaveBeenCalledTimes(1);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Saved on the server');
    fireEvent.mouseLeave(screen.getByTestId('icon'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('a touch mounts it closed: no tooltip flashes on a tap', () => {
    render(
      <LazyTooltip title="Saved on the server">
        <span data-testid="icon">icon</span>
      </LazyTooltip>,
    );
    fireEvent.touchStart(screen.getByTestId('icon'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
