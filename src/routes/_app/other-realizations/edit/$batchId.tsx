import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../ui/page.tsx';

export const Route = createFileRoute('/_app/other-realizations/edit/$batchId')({ component: () => <UnderConstruction title="Изменение прочей реализации" /> });
