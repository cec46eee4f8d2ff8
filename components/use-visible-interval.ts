'use client';
// Runs `refresh` now, then every `ms` while the tab is visible, and at once when the tab comes
// back. A new `refresh` (other query, say) runs at once and restarts the timer.
import { useEffect } from 'react';

export function useVisibleInterval(refresh: () => void, ms: number) {
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      refresh();
      timer = setInterval(refresh, ms);
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? start() : clearInterval(timer));
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refresh, ms]);
}
