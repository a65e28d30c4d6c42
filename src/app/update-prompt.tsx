import { useEffect, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { applyUpdate, onUpdateWaiting } from './pwa.ts';

export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => onUpdateWaiting(setWaiting), []);
  if (!waiting) return null;
  return (
    <Button variant="secondary" onClick={applyUpdate} data-testid="update-prompt">
      Доступна новая версия — обновить
    </Button>
  );
}
