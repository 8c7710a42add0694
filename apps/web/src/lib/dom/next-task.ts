/** A promise that settles in a later task: the browser may paint and handle input meanwhile. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
