'use client';
// Short notices ("Copied", "Saved") in one polite live region; each dismisses itself after a few seconds.
// An action that reloads or leaves the page hands its notice over with flashToast(), shown on arrival.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

export type ToastKind = 'success' | 'error';
/** A button in the notice ("Undo"): it runs once and dismisses the notice. */
export type ToastAction = { label: string; onAction: () => void };
type Toast = { id: number; message: string; kind: ToastKind; action?: ToastAction };
/** Shows a notice; returns its id (for dismiss). `durationMs` overrides the kind's lifetime. */
type Show = (message: string, options?: { kind?: ToastKind; action?: ToastAction; durationMs?: number }) => number;

const ToastContext = createContext<{ show: Show; dismiss: (id: number) => void } | null>(null);
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
    (message, { kind = 'success', action, durationMs } = {}) => {
      const id = nextId.current++;
      setToasts((all) => [...all.slice(-3), { id, message, kind, action }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), durationMs ?? LIFETIME_MS[kind]),
      );
      return id;
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
    <ToastContext.Provider value={{ show, dismiss }}>
      {children}
      {/* Always in the DOM, so screen readers already watch it when a toast arrives. */}
      <div className="toasts" role="status" aria-live="polite" aria-label="Notifications">
        {toasts.map((t) => (
          <div key={t.id} className={`toast ${t.kind}`} data-testid="toast">
            <span>{t.message}</span>
            {t.action ? (
              <button
                type="button"
                className="toast-action"
                onClick={() => {
                  dismiss(t.id);
                  t.action?.onAction();
                }}
              >
                {t.action.label}
              </button>
            ) : null}
            <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** `show(message, { kind, action })` and `dismiss(id)` from anywhere under the layout's provider. */
export function useToast(): { show: Show; dismiss: (id: number) => void } {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast needs <ToastProvider> above it');
  return context;
}
