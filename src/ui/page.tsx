import { useEffect, type ReactNode } from 'react';
import { setTitle } from '../state/app-state.ts';
import { card, heading, muted, page } from './page.css.ts';

/** Puts the page's title in the header (app state `title`). */
export function useTitle(title: string): void {
  useEffect(() => setTitle(title), [title]);
}

export function Page({ title, children }: { title: string; children?: ReactNode }) {
  useTitle(title);
  return <main className={page}>{children}</main>;
}

export function Card({ children }: { children: ReactNode }) {
  return <section className={card}>{children}</section>;
}

export function Heading({ children }: { children: ReactNode }) {
  return <h1 className={heading}>{children}</h1>;
}

export function Muted({ children }: { children: ReactNode }) {
  return <p className={muted}>{children}</p>;
}

/** A page whose record is not on this device (deleted, or not loaded from the server yet). */
export function NotFoundPage({ title, heading, text }: { title: string; heading: string; text: string }) {
  return (
    <Page title={title}>
      <Card>
        <Heading>{heading}</Heading>
        <Muted>{text}</Muted>
      </Card>
    </Page>
  );
}

/** For routes whose feature has not landed yet: says so plainly instead of showing a fake screen. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <NotFoundPage
      title={title}
      heading="Раздел в разработке"
      text={`«${title}» появится в одном из следующих обновлений.`}
    />
  );
}
