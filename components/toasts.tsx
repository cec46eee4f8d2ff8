'use client';
// Short notices ("Copied", "Saved") in one polite live region; each dismisses itself after a few seconds.
// An action that reloads or leaves the page hands its notice over with flashToast(), shown on arrival.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

export type ToastKind = 'success' | 'error';
type Toast = { id: number; message: string; kind: ToastKind };
type Show = (message: string, options?: { kind?: ToastKind }) => void;

const ToastContext = createContext<{ show: Show } | null>(null);
const LIFETIME_MS = { success: 4000, error: 8000 };
const FLASH_KEY = 'sling:flash';

/** Keeps a success notice for the next page this tab opens (call it just before reloading or navigating). */
export function flashToast(message: string): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    /* storage refused: the notice is lost, the action is not */
  }
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((all) => all.filter((t) => t.id !== id));
  }, []);

  const show = useCallback<Show>(
    (message, { kind = 'success' } = {}) => {
      const id = nextId.current++;
      setToasts((all) => [...all.slice(-3), { id, message, kind }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), LIFETIME_MS[kind]),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    try {
      const flash = window.sessionStorage.getItem(FLASH_KEY);
      window.sessionStorage.removeItem(FLASH_KEY);
      if (flash) show(flash);
    } catch {
      /* no storage: nothing was handed over */
    }
  }, [show]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return (
    <ToastContext.Provider value={{ show }}>
      {children}
      {/* Always in the DOM, so screen readers already watch it when a toast arrives. */}
      <div className="toasts" role="status" aria-live="polite" aria-label="Notifications">
        {toasts.map((t) => (
          <div key={t.id} className={`toast ${t.kind}`} data-testid="toast">
            <span>{t.message}</span>
            <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** `show(message, { kind })` from anywhere under the layout's provider. */
export function useToast(): { show: Show } {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast needs <ToastProvider> above it');
  return context;
}
