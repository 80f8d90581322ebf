import { useProfile } from '../../features/auth/profile-store.ts';
import { shellFor } from '../navigation.ts';
import { SideMenuLayout } from './SideMenuLayout.tsx';
import { TopBarLayout } from './TopBarLayout.tsx';

/** The shell follows the role, not the route: /report and /maps are shared by both kinds (spec §2). */
export function AppShell() {
  const { roleId } = useProfile();
  return shellFor(roleId) === 'top-bar' ? <TopBarLayout /> : <SideMenuLayout />;
}
