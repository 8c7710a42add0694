interface ErrorLog {
  error(object: { err: unknown }, message: string): void;
}

/**
 * A promise rejected with nobody to handle it ends Node by default. Every request and every
 * socket message handles its own failures (answering 500, `internal` or closing the one
 * connection), so one that slips through anyway is a bug to log and fix, not a reason to stop
 * the server for everyone on it. Thrown exceptions still end the process: their state is
 * unknown, and the supervisor restarts it.
 */
export function logUnhandledRejections(log: ErrorLog): () => void {
  const onRejection = (reason: unknown) => {
    log.error({ err: reason }, 'unhandled promise rejection; the server goes on');
  };
  process.on('unhandledRejection', onRejection);
  return () => process.off('unhandledRejection', onRejection);
}
