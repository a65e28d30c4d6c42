import { Link, Outlet } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SyncIndicator } from '../features/sync-status/components/sync-indicator.tsx';
import { Button } from '../ui/button.tsx';
import { useAppState } from '../state/app-state.ts';
import { menuItems } from './menu.ts';
import { startSession } from './start-session.ts';
import { brand, header, layout, main, menu, menuLink, menuToggle, title } from './shell.css.ts';
import { UpdatePrompt } from './update-prompt.tsx';

/** The signed-in frame: side menu, header with title and sync state; sync and the live channel run while it is shown. */
export function Shell() {
  const pageTitle = useAppState((s) => s.title);
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => startSession(), []);
  return (
    <div className={layout}>
      <nav className={menu} data-open={menuOpen} aria-label="Главное меню">
        <div className={brand}>Остаток</div>
        {menuItems.map((item) => (
          <Link key={item.to} to={item.to} className={menuLink} onClick={() => setMenuOpen(false)}>
            {item.label}
          </Link>
        ))}
      </nav>
      <div className={main}>
        <header className={header}>
          <Button variant="secondary" className={menuToggle} onClick={() => setMenuOpen((o) => !o)} aria-label="Меню">
            ☰
          </Button>
          <h1 className={title}>{pageTitle}</h1>
          <UpdatePrompt />
          <SyncIndicator />
        </header>
        <Outlet />
      </div>
    </div>
  );
}
