'use client';
// Invisible proof-of-work for the public forms: a challenge is fetched and solved in a Web Worker as
// soon as the form is shown, so the solution is usually ready before the visitor presses the button.
// Each solution is good for one request; take() hands it over and starts solving the next.
import { useCallback, useEffect, useRef } from 'react';
import type { Challenge } from 'altcha-lib';

type Pending = { expiresAt: number; payload: Promise<string> };

async function solve(): Promise<Pending> {
  const res = await fetch('/api/v1/altcha/challenge', { cache: 'no-store' });
  if (!res.ok) throw new Error(`challenge: HTTP ${res.status}`);
  const challenge = (await res.json()) as Challenge;
  const payload = new Promise<string>((resolve, reject) => {
    const worker = new Worker(new URL('./altcha-solver.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ solution?: unknown; error?: string }>) => {
      worker.terminate();
      if (!event.data.solution) return reject(new Error(event.data.error ?? 'not solved'));
      resolve(btoa(JSON.stringify({ challenge, solution: event.data.solution })));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'solver failed'));
    };
    worker.postMessage(challenge);
  });
  return { expiresAt: (challenge.parameters.expiresAt ?? 0) * 1000, payload };
}

function start(): Promise<Pending> {
  const pending = solve();
  pending.catch(() => undefined); // a failed prefetch is retried by take()
  return pending;
}

/** Returns take(): a fresh ALTCHA payload (base64) for the next request. */
export function useAltcha(): () => Promise<string> {
  const next = useRef<Promise<Pending> | null>(null);
  useEffect(() => {
    next.current ??= start();
  }, []);
  return useCallback(async () => {
    let pending = await (next.current ?? start()).catch(() => start());
    // A solution kept past its challenge's expiry (a tab left open) would be refused: solve anew.
    if (pending.expiresAt - Date.now() < 15_000) pending = await start();
    next.current = start();
    return pending.payload.catch(async () => (await start()).payload);
  }, []);
}
