import { NotFoundPage } from './page.tsx';

/** The heading of a page the member's role cannot use (issue 24). */
export const FORBIDDEN = 'Недоступно для вашей роли';

/**
 * A page the signed-in member's role may not use, opened by its address: said plainly rather than showing
 * controls the server would refuse.
 */
export function ForbiddenPage({
  title,
  text = 'Это делают владелец и менеджеры. Обратитесь к владельцу бизнеса.',
}: {
  title: string;
  text?: string;
}) {
  return <NotFoundPage title={title} heading={FORBIDDEN} text={text} />;
}
