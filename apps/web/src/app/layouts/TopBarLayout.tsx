import { LOGO_HEIGHT } from '@eusulan/shared';
import { Badge, Layout } from 'antd';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { hasApprovalNotice, useNeedApproval } from '../../features/approval/api.ts';
import { useChangePasswordControls } from '../../features/auth/components/ChangePasswordProvider.tsx';
import { useProfile } from '../../features/auth/profile-store.ts';
import { useCurrentRoute } from '../current-route.ts';
import { isActiveFor, topMenuFor } from '../navigation.ts';
import { ShellOutlet } from './ShellOutlet.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The consultan and structural shell: a top bar with the logo, the role's links and the user menu. */
export function TopBarLayout() {
  const profile = useProfile();
  const routeName = useCurrentRoute()?.name;
  const { isChangeRequired } = useChangePasswordControls();
  // Until the password is changed the server answers 403 to need-approval too.
  const needApproval = useNeedApproval(profile.roleId, !isChangeRequired);
  const hasNotice = hasApprovalNotice(needApproval.data);

  return (
    <Layout className="shell shell--top-bar">
      <Layout.Header className={`shell__topbar${isChangeRequired ? ' shell__header--above-mask' : ''}`}>
        <Link to="/" className="shell__topbar-logo" aria-label="Beranda">
          <Logo height={LOGO_HEIGHT.topBar} />
        </Link>
        <nav className="topbar-nav" aria-label="Menu utama">
          {topMenuFor(profile).map((item) => {
            const isActive = isActiveFor(routeName, item.activeWord);
            return (
              <Link
                key={item.key}
                to={item.path}
                className={`topbar-nav__link${isActive ? ' is-active' : ''}`}
                aria-current={isActive ? 'page' : undefined}
              >
                {item.hasApprovalDot ? (
                  <Badge dot={hasNotice} offset={[6, 0]} data-testid={`approval-dot-${item.key}`}>
                    {item.label}
                  </Badge>
                ) : (
                  item.label
                )}
              </Link>
            );
          })}
        </nav>
        <UserMenu />
      </Layout.Header>
      <Layout.Content className="shell__content shell__content--top-bar">
        <ShellOutlet />
      </Layout.Content>
    </Layout>
  );
}
