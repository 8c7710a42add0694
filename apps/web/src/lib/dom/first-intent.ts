/** What a person does first with a page: touching it (a scroll too), pointing, a key. */
const INTENT_EVENTS = ['touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Calls `run` once, at the first touch, pointer press or key press anywhere on the page (not a
 * focus: pages move focus themselves on arrival). For work a person will soon need but a page
 * load should not pay for, such as fetching a dialog's chunk. Returns the clean-up.
 */
export function onFirstIntent(run: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const remove = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, fire, options);
  };
  function fire() {
    remove();
    run();
  }
  for (const type of INTENT_EVENTS) document.addEventListener(type, fire, options);
  return remove;
}
