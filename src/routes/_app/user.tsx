import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../features/profile/components/profile-screen.tsx';

export const Route = createFileRoute('/_app/user')({ component: ProfileScreen });
