import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../app/guard.ts';
import { useLogoutCall } from './api.ts';
import { endSession } from './session.ts';

/** Keluar: revoke the session on the server, then, success or not, end it here and go to /login. */
export function useSignOut() {
  const logoutCall = useLogoutCall();
  const navigate = useNavigate();
  const signOut = () => {
    logoutCall
      .mutateAsync()
      .catch(() => undefined)
      .finally(() => {
        endSession();
        void navigate(LOGIN_PATH, { replace: true });
      });
  };
  return { signOut, isSigningOut: logoutCall.isPending };
}
