import createCache, { type StylisPlugin } from '@emotion/cache';

/**
 * Safari (iPad and iPhone included) still knows `user-select` only as `-webkit-user-select`:
 * without it, a long press on a button or a chip would select its text.
 */
export const webkitUserSelect: StylisPlugin = (element) => {
  if (element.type === 'decl' && !element.return && element.props === 'user-select') {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * The emotion cache every styled component writes to. Emotion's default adds every vendor prefix
 * of the last decade to each rule, which about doubled the time its stylis took on the first
 * screens (issue 40: on a throttled phone 120-180 ms per screen); the browsers the product
 * supports need none of them but Safari's `user-select` (decision 83).
 */
export function createStyleCache() {
  return createCache({ key: 'css', stylisPlugins: [webkitUserSelect] });
}
