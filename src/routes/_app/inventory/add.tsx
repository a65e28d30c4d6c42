import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../ui/page.tsx';

export const Route = createFileRoute('/_app/inventory/add')({ component: () => <UnderConstruction title="Оприходование партии" /> });
