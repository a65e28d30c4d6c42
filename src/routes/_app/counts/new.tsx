import { createFileRoute } from '@tanstack/react-router';
import { NewCountScreen } from '../../../features/counts/components/new-count-screen.tsx';

export const Route = createFileRoute('/_app/counts/new')({
  component: NewCountScreen,
});
