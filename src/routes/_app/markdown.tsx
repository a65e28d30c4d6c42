import { createFileRoute } from '@tanstack/react-router';
import { markdownsSearchSchema } from '../../features/markdowns/api/markdowns-search.ts';
import { MarkdownsScreen } from '../../features/markdowns/components/markdowns-screen.tsx';

export const Route = createFileRoute('/_app/markdown')({
  validateSearch: markdownsSearchSchema,
  component: function MarkdownRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <MarkdownsScreen
        search={search}
        onSearchChange={(patch) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true })}
      />
    );
  },
});
