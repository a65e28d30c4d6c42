import { createFileRoute } from '@tanstack/react-router';
import { ProductDrawer } from '../../../features/batches/components/product-drawer.tsx';
import { OtherRealizationPage } from '../../../features/other-realizations/components/other-realization-editor.tsx';

export const Route = createFileRoute('/_app/other-realizations/add')({
  component: () => <OtherRealizationPage Drawer={ProductDrawer} />,
});
