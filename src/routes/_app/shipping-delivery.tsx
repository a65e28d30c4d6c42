import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../ui/page.tsx';

export const Route = createFileRoute('/_app/shipping-delivery')({ component: () => <UnderConstruction title="Отгрузки и доставки" /> });
