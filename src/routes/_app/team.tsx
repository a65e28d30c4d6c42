import { createFileRoute } from '@tanstack/react-router';
import { TeamScreen } from '../../features/team/components/team-screen.tsx';

export const Route = createFileRoute('/_app/team')({ component: TeamScreen });
