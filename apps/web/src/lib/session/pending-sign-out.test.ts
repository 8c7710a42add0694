import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../api/api-error';
import {
  flushPendingSignOut,
  isSignOutPending,
  markSignOutPending,
  sendPendingSignOut,
} from './pending-sign-out';

const offline = () => Promise.reject(new NetworkError(new TypeError('Failed to fetch')));

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('pending sign-out', () => {
  it('nothing pending: nothing is sent', async () => {
    const send = vi.fn(() => Promise.resolve());
    expect(isSignOutPending()).toBe(false);
    await expect(flushPendingSignOut(send)).resolves.toBe(true);
    expect(send).not.toHaveBeenCalled();
  });

  it('survives a reload (localStorage) and stays while the server cannot be told', async () => {
    markSignOutPending();
    expect(localStorage.length).toBe(1);
    expect(isSignOutPending()).toBe(true);
    await expect(flushPendingSignOut(offline)).resolves.toBe(false);
    await expect(sendPendingSignOut(offline)).rejects.toBeInstanceOf(NetworkError);
    expect(isSignOutPending()).toBe(true);
  });

  it('is cleared only once the server confirmed the sign-out', async () => {
    markSignOutPending();
    const send = vi.fn(() => Promise.resolve());
    await expect(flushPendingSignOut(send)).resolves.toBe(true);
    expect(send).toHaveBeenCalledOnce();
    expect(isSignOutPending()).toBe(false);
    await flushPendingSignOut(send);
    expect(send).toHaveBeenCalledOnce();
  });

  it('callers at the same time share one request', async () => {
    markSignOutPending();
    let confirm: () => void = () => {};
    const send = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          confirm = resolve;
        }),
    );
    const first = sendPendingSignOut(send);
    const second = flushPendingSignOut(send);
    await Promise.resolve();
    expect(isSignOutPending()).toBe(true);
    confirm();
    await first;
    await expect(second).resolves.toBe(true);
    expect(send).toHaveBeenCalledOnce();
    expect(isSignOutPending()).toBe(false);
  });

  it('a failed attempt does not block the next one', async () => {
    markSignOutPending();
    await flushPendingSignOut(offline);
    const send = vi.fn(() => Promise.resolve());
    await expect(flushPendingSignOut(send)).resolves.toBe(true);
    expect(send).toHaveBeenCalledOnce();
  });
});
