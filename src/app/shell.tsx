import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { SyncIndicator } from '../features/sync-status/components/sync-indicator.tsx';
import { Button } from '../ui/button.tsx';
import { ScanButton } from '../ui/scan-button.tsx';
import { ScanFlash } from '../ui/scan-flash.tsx';
import { useAppState } from '../state/app-state.ts';
import { menuItemsForSignedIn } from './menu.ts';
import { startSession } from './start-session.ts';
import { backdrop, brand, header, layout, main, menu, menuClose, menuLink, menuToggle, title } from './shell.css.ts';
import { UpdatePrompt } from './update-prompt.tsx';

/**
 * The signed-in frame: side menu, header with title and sync state; sync and the live channel run while it is shown.
 * Below 1280 px the menu opens over the page from the «Меню» button and closes on a choice, Escape or a tap beside it.
 */
export function Shell() {
  const pageTitle = useAppState((s) => s.title);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const path = useRouterState({ select: (s) => s.location.pathname });
  // A layout effect, so sync starts before the screen's own reads (a child's effects run before
  // its parent's): on a fresh device they queued ahead of the first pull in IndexedDB.
  useLayoutEffect(() => startSession(), []);
  useEffect(() => setMenuOpen(false), [path]);
  useEffect(() => {
    if (!menuOpen) return;
    nav.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  return (
    <div className={layout}>
      {menuOpen && <div className={backdrop} onClick={() => setMenuOpen(false)} data-testid="menu-backdrop" />}
      <nav ref={nav} id="main-menu" className={menu} data-open={menuOpen} aria-label="Главное меню">
        <div className={brand}>
          Остаток
          <Button
            variant="secondary"
            className={menuClose}
            onClick={() => setMenuOpen(false)}
            aria-label="Закрыть меню"
          >
            ✕
          </Button>
        </div>
        {menuItemsForSignedIn().map((item) => (
          <Link key={item.to} to={item.to} className={menuLink} onClick={() => setMenuOpen(false)}>
            {item.label}
          </Link>
        ))}
      </nav>
      <div className={main}>
        <header className={header}>
          <Button
            ref={toggle}
            variant="secondary"
            className={menuToggle}
            onClick={() => setMenuOpen((o) => !o)}
            aria-label="Меню"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
          >
            ☰
          </Button>
          <h1 className={title}>{pageTitle}</h1>
          <ScanButton />
          <UpdatePrompt />
          <SyncIndicator />
        </header>
        <Outlet />
      </div>
      <ScanFlash />
    </div>
  );
}
