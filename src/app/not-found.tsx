import { Link } from '@tanstack/react-router';
import { button } from '../ui/controls.css.ts';
import { Card, Heading, Muted, Page } from '../ui/page.tsx';

/**
 * An address the app does not know. Signed in it shows inside the shell (menu and header stay), so
 * the seller can go on from the menu; signed out the router's root shows it bare, still in Russian.
 */
export function NotFound() {
  return (
    <Page title="Страница не найдена">
      <Card>
        <Heading>Страница не найдена</Heading>
        <Muted>Такого адреса в приложении нет. Возможно, ссылка устарела или в ней опечатка.</Muted>
        <Link to="/" className={button.primary}>
          На главную
        </Link>
      </Card>
    </Page>
  );
}
