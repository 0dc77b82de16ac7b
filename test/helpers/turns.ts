// Event-loop turns: what a test waits for where the code under test gives no signal of its own.

/** One turn of the event loop: the callbacks of settled I/O and the promises they settle run. */
export const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** `count` turns, one after another. */
export async function turns(count: number): Promise<void> {
  for (let n = 0; n < count; n++) await turn();
}
