import {
  AimOutlined,
  CheckSquareOutlined,
  DatabaseOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { LOGO_HEIGHT } from '@eusulan/shared';
import { ConfigProvider, Layout, Menu, type MenuProps, type ThemeConfig } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { useAppInfo } from '../../features/app-info/api.ts';
import { useChangePasswordControls } from '../../features/auth/components/ChangePasswordProvider.tsx';
import { useProfile } from '../../features/auth/profile-store.ts';
import { useCurrentRoute } from '../current-route.ts';
import { activeKeysFor, isGroup, type NavItem, sideMenuFor } from '../navigation.ts';
import { ShellOutlet } from './ShellOutlet.tsx';
import { UserMenu } from './UserMenu.tsx';

const ICONS: Record<string, ReactNode> = {
  master: <DatabaseOutlined />,
  usulan: <FileTextOutlined />,
  'assigned-konsultan': <TeamOutlined />,
  'pekerjaan-selesai': <CheckSquareOutlined />,
  report: <FileDoneOutlined />,
  maps: <AimOutlined />,
};

function toMenuItems(items: readonly NavItem[]): MenuProps['items'] {
  return items.map((item) =>
    isGroup(item)
      ? { key: item.key, label: item.label, icon: ICONS[item.key], children: toMenuItems(item.children) }
      : { key: item.key, icon: ICONS[item.key], label: <Link to={item.path}>{item.label}</Link> },
  );
}

/**
 * Rows a little shorter than antd's (40 px + 4 px apart), so admin's whole menu, Master's ten pages open,
 * fits a 1366 x 768 screen under the logo; on a shorter window the menu scrolls on its own (styles.css).
 */
const COMPACT_MENU: ThemeConfig = { components: { Menu: { itemHeight: 36, itemMarginBlock: 2 } } };

/** antd's lg breakpoint, as the Sider's own listener reads it. */
const isBelowLg = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 991.98px)').matches;

/** The admin and umum shell: side menu, slim header with the user menu (spec §2). */
export function SideMenuLayout() {
  const profile = useProfile();
  const routeName = useCurrentRoute()?.name;
  const { isChangeRequired } = useChangePasswordControls();
  const appInfo = useAppInfo();
  const items = sideMenuFor(profile.roleId);
  const selectedKeys = activeKeysFor(items, routeName);
  const [openKeys, setOpenKeys] = useState<string[]>(() => selectedKeys.filter((key) => key === 'master'));

  return (
    <Layout className="shell shell--side-menu">
      <Layout.Sider
        className="shell__sider"
        theme="light"
        width={248}
        breakpoint="lg"
        // Starts as the breakpoint will have it, so a phone does not draw the menu open and then shift the page.
        defaultCollapsed={isBelowLg()}
        collapsedWidth={0}
        // Collapsed (below lg), the menu button sits in the header row instead of over the page heading.
        zeroWidthTriggerStyle={{ top: 10, zIndex: 11 }}
      >
        <Link to="/" className="shell__logo" aria-label="Beranda">
          <Logo height={LOGO_HEIGHT.sideMenu} />
        </Link>
        <ConfigProvider theme={COMPACT_MENU}>
          <Menu
            className="shell__menu"
            mode="inline"
            items={toMenuItems(items)}
            selectedKeys={selectedKeys}
            openKeys={openKeys}
            onOpenChange={setOpenKeys}
            data-testid="side-menu"
          />
        </ConfigProvider>
      </Layout.Sider>
      <Layout>
        <Layout.Header className={`shell__header${isChangeRequired ? ' shell__header--above-mask' : ''}`}>
          <span className="shell__header-agency">{appInfo.data?.agencyName}</span>
          <UserMenu />
        </Layout.Header>
        <Layout.Content className="shell__content">
          <ShellOutlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
