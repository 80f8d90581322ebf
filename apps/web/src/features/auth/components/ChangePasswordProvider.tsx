import { createContext, type ReactNode, useContext, useState } from 'react';
import { useProfile } from '../profile-store.ts';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';

interface ChangePasswordControls {
  openChangePassword(): void;
  /** A generated or reset password must be changed before the user can do anything else. */
  isChangeRequired: boolean;
}

const ChangePasswordContext = createContext<ChangePasswordControls>({
  openChangePassword: () => undefined,
  isChangeRequired: false,
});

export const useChangePasswordControls = () => useContext(ChangePasswordContext);

/** Hosts the 'Ubah Password' modal for every signed-in screen; it opens by itself when a change is required. */
export function ChangePasswordProvider({ children }: { children: ReactNode }) {
  const { mustChangePassword } = useProfile();
  const [isOpenByUser, setOpenByUser] = useState(false);
  const controls = { openChangePassword: () => setOpenByUser(true), isChangeRequired: mustChangePassword };
  return (
    <ChangePasswordContext value={controls}>
      {children}
      <ChangePasswordModal
        open={isOpenByUser || mustChangePassword}
        isForced={mustChangePassword}
        onClose={() => setOpenByUser(false)}
      />
    </ChangePasswordContext>
  );
}
