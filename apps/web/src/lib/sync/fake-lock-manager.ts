import type { LockManagerLike } from './leader-election';

interface Request {
  callback: (lock: unknown) => Promise<void>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Test support: exclusive Web Locks shared by the "tabs" of one test. */
export class FakeLockManager implements LockManagerLike {
  private readonly held = new Set<string>();
  private readonly waiting = new Map<string, Request[]>();

  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const request: Request = { callback, resolve, reject };
      const queue = this.waiting.get(name) ?? [];
      this.waiting.set(name, [...queue, request]);
      options.signal?.addEventListener('abort', () => {
        const current = this.waiting.get(name) ?? [];
        if (!current.includes(request)) return;
        this.waiting.set(
          name,
          current.filter((other) => other !== request),
        );
        reject(new Error('AbortError'));
      });
      this.grant(name);
    });
  }

  query(): Promise<{ held: { name: string }[] }> {
    return Promise.resolve({ held: [...this.held].map((name) => ({ name })) });
  }

  private grant(name: string): void {
    if (this.held.has(name)) return;
    const [next, ...rest] = this.waiting.get(name) ?? [];
    if (!next) return;
    this.waiting.set(name, rest);
    this.held.add(name);
    void next.callback({ name }).then(
      (value) => {
        this.held.delete(name);
        next.resolve(value);
        this.grant(name);
      },
      (error: unknown) => {
        this.held.delete(name);
        next.reject(error);
        this.grant(name);
      },
    );
  }
}
