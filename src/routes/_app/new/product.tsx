import { createFileRoute } from '@tanstack/react-router';
import { NewProductForm } from '../../../features/products/components/new-product-form.tsx';

export const Route = createFileRoute('/_app/new/product')({ component: NewProductForm });
