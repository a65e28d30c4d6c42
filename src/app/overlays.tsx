import { dismissNotification, useAppState } from '../state/app-state.ts';
import { bar, barKind, corner, ringLabel, spinner } from './overlays.css.ts';

/** The progress ring: visible while progress is above 0 (docs/screens.md «Оболочка»). */
export function ProgressRing() {
  const value = useAppState((s) => s.progressValue);
  if (value <= 0) return null;
  const r = 20;
  const length = 2 * Math.PI * r;
  return (
    <div
      className={corner}
      role="progressbar"
      aria-label="Выполнение задачи"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <svg width="56" height="56" viewBox="0 0 56 56">
        <circle cx="28" cy="28" r={r} fill="#fff" stroke="#d5dce3" strokeWidth="6" />
        <circle
          cx="28"
          cy="28"
          r={r}
          fill="none"
          stroke="#1f6feb"
          strokeWidth="6"
          strokeDasharray={length}
          strokeDashoffset={length * (1 - value / 100)}
          transform="rotate(-90 28 28)"
        />
        <text x="28" y="32" textAnchor="middle" className={ringLabel}>
          {Math.round(value)}
        </text>
      </svg>
    </div>
  );
}

/** The spinner: while requests are running and no progress is shown. */
export function LoadingSpinner() {
  const visible = useAppState((s) => s.loadingCount > 0 && s.progressValue <= 0);
  if (!visible) return null;
  return (
    <div className={corner} role="status" aria-label="Загрузка">
      <div className={spinner} />
    </div>
  );
}

/** The notification bar, dismissed by a click. */
export function NotificationBar() {
  const notification = useAppState((s) => s.notification);
  if (!notification) return null;
  return (
    <button type="button" className={`${bar} ${barKind[notification.type]}`} onClick={dismissNotification} role="alert">
      {notification.text}
    </button>
  );
}
