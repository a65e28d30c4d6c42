import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../ui/page.tsx';

export const Route = createFileRoute('/_app/products')({ component: () => <UnderConstruction title="Товары" /> });
