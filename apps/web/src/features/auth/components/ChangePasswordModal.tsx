import { AUTH_MESSAGES, PASSWORD_RULE_NOT_CURRENT, type TChangePassword } from '@eusulan/shared';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../app/guard.ts';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useChangePassword } from '../api.ts';
import { endSession } from '../session.ts';
import { useSignOut } from '../use-sign-out.ts';
import { PasswordRules } from './PasswordRules.tsx';

type PasswordField = keyof TChangePassword;

const EMPTY_VALUES: TChangePassword = { currentPassword: '', newPassword: '', newPasswordConfirmation: '' };
const ALL_HIDDEN: Record<PasswordField, boolean> = {
  currentPassword: false,
  newPassword: false,
  newPasswordConfirmation: false,
};

const RULES_ID = 'change-password-rules';

const FIELDS: { name: PasswordField; label: string; autoComplete: string; describedBy?: string }[] = [
  { name: 'currentPassword', label: 'Password Lama', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Password Baru', autoComplete: 'new-password', describedBy: RULES_ID },
  { name: 'newPasswordConfirmation', label: 'Konfirmasi Password Baru', autoComplete: 'new-password' },
];

interface ChangePasswordModalProps {
  open: boolean;
  /** Forced: opened because the password must be changed; it cannot be cancelled, only left via Keluar. */
  isForced: boolean;
  onClose(): void;
}

/**
 * 'Ubah Password' (spec §2, §4). No client rules: the server judges and its 422 shows via the common handler;
 * the rules are listed above the fields so nobody meets them first as errors.
 */
export function ChangePasswordModal({ open, isForced, onClose }: ChangePasswordModalProps) {
  const [form] = Form.useForm<TChangePassword>();
  const [visible, setVisible] = useState(ALL_HIDDEN);
  const changePassword = useChangePassword();
  const { signOut, isSigningOut } = useSignOut();
  const { modal } = useFeedback();
  const navigate = useNavigate();

  // Opening the modal starts from empty fields with every password hidden.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setVisible(ALL_HIDDEN);
  }, [open, form]);

  const submit = (values: TChangePassword) => {
    changePassword.mutate(
      { ...EMPTY_VALUES, ...values },
      {
        onSuccess: () => {
          onClose();
          endSession();
          modal.success({
            title: 'Berhasil!',
            content: AUTH_MESSAGES.changePasswordSuccess,
            okText: 'Ok',
            onOk: () => navigate(LOGIN_PATH, { replace: true }),
          });
        },
      },
    );
  };

  const cancel = () => {
    // Esc, the close icon or the mask must not close the modal while the change is being saved.
    if (!isForced && !changePassword.isPending) onClose();
  };

  const isSaving = changePassword.isPending;
  const footer = [
    isForced ? (
      <Button key="sign-out" onClick={signOut} loading={isSigningOut}>
        Keluar
      </Button>
    ) : (
      <Button key="cancel" onClick={cancel} disabled={isSaving}>
        Batal
      </Button>
    ),
    <Button key="save" type="primary" onClick={() => form.submit()} disabled={isSaving}>
      {isSaving ? 'Memproses...' : 'Simpan'}
    </Button>,
  ];

  return (
    <Modal
      title="Ubah Password"
      open={open}
      onCancel={cancel}
      footer={footer}
      closable={!isForced}
      keyboard={!isForced}
      mask={{ closable: !isForced }}
      forceRender
      wrapProps={{ 'data-testid': 'change-password-modal' }}
    >
      {isForced ? (
        <Alert
          className="change-password__notice"
          type="warning"
          showIcon
          title={AUTH_MESSAGES.mustChangePassword}
          description="Password Anda saat ini dibuat otomatis atau baru saja direset oleh administrator. Demi keamanan akun, ganti password terlebih dahulu; menu lain belum dapat digunakan sebelum password diganti."
        />
      ) : null}
      <PasswordRules
        id={RULES_ID}
        title="Ketentuan password baru:"
        extraRules={[PASSWORD_RULE_NOT_CURRENT]}
      />
      <Form form={form} layout="vertical" initialValues={EMPTY_VALUES} onFinish={submit} requiredMark={false}>
        {FIELDS.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label}>
            <Input.Password
              autoComplete={field.autoComplete}
              aria-describedby={field.describedBy}
              visibilityToggle={{
                visible: visible[field.name],
                onVisibleChange: (isVisible) =>
                  setVisible((current) => ({ ...current, [field.name]: isVisible })),
              }}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
