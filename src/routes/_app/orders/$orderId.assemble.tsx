import { createFileRoute } from '@tanstack/react-router';
import { AssemblyScreen } from '../../../features/orders/components/assembly-screen.tsx';

export const Route = createFileRoute('/_app/orders/$orderId/assemble')({
  component: function AssembleRoute() {
    const { orderId } = Route.useParams();
    // Keyed: another order's screen starts clean (its last scan, its label not yet printed).
    return <AssemblyScreen key={orderId} orderId={orderId} />;
  },
});
