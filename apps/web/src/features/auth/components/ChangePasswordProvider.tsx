import { createContext, lazy, type ReactNode, Suspense, useContext, useState } from 'react';
import { useProfile } from '../profile-store.ts';

// Loaded on first opening: the form and modal code stay out of the login page's JavaScript.
const ChangePasswordModal = lazy(async () => ({
  default: (await import('./ChangePasswordModal.tsx')).ChangePasswordModal,
}));

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
  const [hasOpened, setHasOpened] = useState(false);
  const isOpen = isOpenByUser || mustChangePassword;
  if (isOpen && !hasOpened) setHasOpened(true);
  const controls = { openChangePassword: () => setOpenByUser(true), isChangeRequired: mustChangePassword };
  return (
    <ChangePasswordContext value={controls}>
      {children}
      {hasOpened ? (
        <Suspense fallback={null}>
          <ChangePasswordModal
            open={isOpen}
            isForced={mustChangePassword}
            onClose={() => setOpenByUser(false)}
          />
        </Suspense>
      ) : null}
    </ChangePasswordContext>
  );
}
