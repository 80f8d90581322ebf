import { DownOutlined, KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useChangePasswordControls } from '../../features/auth/components/ChangePasswordProvider.tsx';
import { initialOf } from '../../features/auth/profile.ts';
import { useProfile } from '../../features/auth/profile-store.ts';
import { useSignOut } from '../../features/auth/use-sign-out.ts';

const MENU_ITEMS: MenuProps['items'] = [
  { key: 'change-password', icon: <KeyOutlined />, label: 'Ubah Password' },
  { type: 'divider' },
  { key: 'sign-out', icon: <LogoutOutlined />, label: 'Keluar', danger: true },
];

/** Avatar, name, role (and an internal consultant's district), with Ubah Password and Keluar. */
export function UserMenu() {
  const profile = useProfile();
  const { openChangePassword } = useChangePasswordControls();
  const { signOut } = useSignOut();
  const district = profile.consultantInternal ? profile.districtCounstantName : null;

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'change-password') openChangePassword();
    if (key === 'sign-out') signOut();
  };

  return (
    <Dropdown menu={{ items: MENU_ITEMS, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="user-menu" data-testid="user-menu-trigger">
        <Avatar className="user-menu__avatar">{initialOf(profile.name)}</Avatar>
        <span className="user-menu__text">
          <span className="user-menu__name" data-testid="user-menu-name">
            {profile.name}
          </span>
          <span className="user-menu__role">
            {profile.roleName}
            {district ? <span data-testid="user-menu-district"> · {district}</span> : null}
          </span>
        </span>
        <DownOutlined className="user-menu__caret" />
      </button>
    </Dropdown>
  );
}
