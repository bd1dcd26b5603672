import { useEffect, useState } from 'react';

/** Milliseconds left until `until` (ISO), read again every second; null while there is no deadline. */
export function useRemaining(until: string | null | undefined): number | null {
  const deadline = until ? Date.parse(until) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!Number.isFinite(deadline)) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return Number.isFinite(deadline) ? Math.max(0, deadline - now) : null;
}

/** "1:59:30" or "59:30" of a duration. */
export function formatDuration(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
