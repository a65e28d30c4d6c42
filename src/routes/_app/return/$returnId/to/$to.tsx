import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../../ui/page.tsx';

export const Route = createFileRoute('/_app/return/$returnId/to/$to')({ component: () => <UnderConstruction title="Обработка возврата" /> });
