import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../../ui/page.tsx';

export const Route = createFileRoute('/_app/product/$productId/disposal/$disposalId')({ component: () => <UnderConstruction title="Списание товара" /> });
