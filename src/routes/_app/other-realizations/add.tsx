import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../ui/page.tsx';

export const Route = createFileRoute('/_app/other-realizations/add')({ component: () => <UnderConstruction title="Списание и прочая реализация" /> });
