import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../ui/page.tsx';

export const Route = createFileRoute('/_app/inventory/edit/$batchId')({ component: () => <UnderConstruction title="Изменение партии" /> });
