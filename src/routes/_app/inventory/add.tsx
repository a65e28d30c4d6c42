import { createFileRoute } from '@tanstack/react-router';
import { PurchaseEditorPage } from '../../../features/batches/components/purchase-editor.tsx';

export const Route = createFileRoute('/_app/inventory/add')({ component: () => <PurchaseEditorPage /> });
