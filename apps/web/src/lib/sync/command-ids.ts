/**
 * The `newId` of one command run. Deterministic in (clientId, mutationId, counter), so the
 * optimistic run, every re-run on a new base (rebase) and the server's run all create the same
 * document ids; the server must derive its ids the same way (see docs/sync.md "Web client").
 */
export function commandIdSource(clientId: string, mutationId: number): () => string {
  let counter = 0;
  return () => `${clientId}-${mutationId}-${++counter}`;
}
