import { CacheProvider } from '@emotion/react';
import Button from '@mui/material/Button';
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createStyleCache } from './style-cache';

afterEach(cleanup);

const styles = () =>
  [...document.head.querySelectorAll('style[data-emotion]')].map((tag) => tag.textContent).join('');

it('writes rules without vendor prefixes, but with the one Safari needs for user-select', () => {
  const cache = createStyleCache();
  render(
    <CacheProvider value={cache}>
      <Button>Speichern</Button>
    </CacheProvider>,
  );
  const css = styles();
  // ButtonBase: a flex box that cannot be selected, with a transition.
  expect(css).toContain('display:inline-flex;');
  expect(css).toContain('-webkit-user-select:none;user-select:none;');
  // What emotion's default prefixer adds to these (MUI's own -moz-/-webkit- rules stay).
  expect(css).not.toMatch(
    /-webkit-inline-box|-ms-inline-flexbox|-webkit-align-items|-webkit-transition/,
  );
});
