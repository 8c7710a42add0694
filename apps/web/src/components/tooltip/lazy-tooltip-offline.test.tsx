import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from './lazy-tooltip';

// A first visit gone offline before the service worker stored the tooltip's chunk.
vi.mock('@mui/material/Tooltip', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LazyTooltip when its chunk cannot be loaded', () => {
  it('keeps showing its child instead of failing the screen', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <LazyTooltip title="Saved on the server">
        <span data-testid="icon">icon</span>
      </LazyTooltip>,
    );
    fireEvent.mouseEnter(screen.getByTestId('icon'));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByTestId('icon').textContent).toBe('icon');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
