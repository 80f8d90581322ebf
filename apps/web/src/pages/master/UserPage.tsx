import { KeyOutlined } from '@ant-design/icons';
import { requiredId, requiredText, USER_MESSAGES, ZUserCreate, ZUserUpdate } from '@eusulan/shared';
import { Button, Form, type FormInstance, Input, Tag } from 'antd';
import { useMemo } from 'react';
import type { FormMode } from '../../components/FormModal.tsx';
import { RemoteSelect } from '../../components/RemoteSelect.tsx';
import { useAppInfo } from '../../features/app-info/api.ts';
import { PasswordRules } from '../../features/auth/components/PasswordRules.tsx';
import { MASTER_RESOURCES, useResetUserPassword } from '../../features/master/api.ts';
import { MasterScreen } from '../../features/master/components/MasterScreen.tsx';
import { consultantsWithoutUser, loadRoles } from '../../features/master/select-lists.ts';
import { MASTER_TEXTS } from '../../features/master/texts.ts';
import type { ConsultantOption, RoleOption, UserRow } from '../../features/master/types.ts';
import { toast, useFeedback } from '../../lib/feedback.tsx';
import { optionId, zodRule } from '../../lib/form-rules.ts';

interface UserValues {
  role: RoleOption | null;
  consultant: ConsultantOption | null;
  name: string;
  username: string;
  password: string;
  passwordConfirmation: string;
}

const EMPTY_VALUES: UserValues = {
  role: null,
  consultant: null,
  name: '',
  username: '',
  password: '',
  passwordConfirmation: '',
};

const RULES = {
  role: zodRule(ZUserUpdate.shape.roleId, optionId),
  consultant: zodRule(requiredId(USER_MESSAGES.consultant), optionId),
  name: zodRule(requiredText(USER_MESSAGES.name)),
  username: zodRule(ZUserUpdate.shape.username),
  password: zodRule(ZUserCreate.shape.password),
};

/** Spec §6: consultant users show the consultant's code and name; the other roles their own name. */
export function UserDisplayName({ user }: { user: UserRow }) {
  if (user.role?.slug === 'consultan' && user.userable) {
    return (
      <span>
        <Tag>{user.userable.code}</Tag>
        {user.userable.name}
      </span>
    );
  }
  return <span>{user.name}</span>;
}

interface UserFieldsProps {
  form: FormInstance<UserValues>;
  mode: FormMode;
  record: UserRow | null;
}

const PASSWORD_RULES_ID = 'user-password-rules';

/** Spec §5 User row: the role decides between consultant and name; passwords only when adding. */
function UserFields({ form, mode, record }: UserFieldsProps) {
  const role = Form.useWatch('role', form);
  const editedId = mode === 'update' ? record?.id : undefined;
  const loadConsultants = useMemo(() => consultantsWithoutUser(editedId), [editedId]);
  return (
    <>
      <Form.Item name="role" label="Role" rules={[RULES.role]}>
        <RemoteSelect<RoleOption> load={loadRoles} testId="field-role" />
      </Form.Item>
      {role?.slug === 'consultan' ? (
        <Form.Item name="consultant" label="Konsultan" rules={[RULES.consultant]}>
          <RemoteSelect<ConsultantOption>
            load={loadConsultants}
            reloadKey={String(editedId ?? '')}
            labelOf={(option) =>
              option.consultantTypeName ? `${option.name} (${option.consultantTypeName})` : option.name
            }
            testId="field-consultant"
          />
        </Form.Item>
      ) : (
        <Form.Item name="name" label="Nama" rules={[RULES.name]}>
          <Input maxLength={200} data-testid="field-name" />
        </Form.Item>
      )}
      <Form.Item name="username" label="Username" rules={[RULES.username]}>
        <Input maxLength={64} autoComplete="off" data-testid="field-username" />
      </Form.Item>
      {mode === 'insert' ? (
        <>
          <PasswordRules id={PASSWORD_RULES_ID} title="Ketentuan password:" />
          <Form.Item name="password" label="Password" rules={[RULES.password]}>
            <Input.Password
              autoComplete="new-password"
              aria-describedby={PASSWORD_RULES_ID}
              data-testid="field-password"
            />
          </Form.Item>
          <Form.Item
            name="passwordConfirmation"
            label="Konfirmasi Password"
            dependencies={['password']}
            rules={[
              { required: true, whitespace: true, message: USER_MESSAGES.password },
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string) => {
                  if (value && value !== getFieldValue('password'))
                    throw new Error(USER_MESSAGES.confirmation);
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="field-password-confirmation" />
          </Form.Item>
        </>
      ) : null}
    </>
  );
}

/** Master User (/master/user): accounts of every role, with status, Edit and a password Reset. */
export function UserPage() {
  const { modal } = useFeedback();
  const appInfo = useAppInfo();
  const reset = useResetUserPassword();

  const confirmReset = (user: UserRow, defaultPassword: string | undefined) => {
    modal.confirm({
      title: MASTER_TEXTS.resetTitle,
      content: MASTER_TEXTS.resetContent(defaultPassword),
      okText: MASTER_TEXTS.resetOk,
      cancelText: MASTER_TEXTS.cancel,
      onOk: async () => {
        try {
          await reset.mutateAsync(user.id);
          toast.success(MASTER_TEXTS.passwordReset);
        } catch {
          // The common handler (mutation cache) has already shown why.
        }
      },
    });
  };

  return (
    <MasterScreen<UserRow, UserValues>
      master={MASTER_RESOURCES.user}
      entityLabel="User"
      successNoun="user"
      testId="master-user"
      columns={[
        { key: 'name', title: 'Nama', sortKey: 'name', render: (row) => <UserDisplayName user={row} /> },
        { key: 'username', title: 'Username', sortKey: 'username', render: (row) => row.username },
        { key: 'role', title: 'Role', sortKey: 'role', render: (row) => row.role?.name ?? '-' },
      ]}
      emptyValues={EMPTY_VALUES}
      toValues={(record) => ({
        ...EMPTY_VALUES,
        role: record.role,
        consultant: record.userable
          ? {
              id: record.userable.id,
              name: record.userable.name,
              consultantType: record.userable.consultantType,
              consultantTypeName: record.userable.consultantTypeName,
            }
          : null,
        name: record.name ?? '',
        username: record.username,
      })}
      toPayload={(values, mode) => {
        const isConsultant = values.role?.slug === 'consultan';
        return {
          roleId: values.role?.id,
          username: values.username.trim(),
          ...(isConsultant ? { consultantId: values.consultant?.id } : { name: values.name.trim() }),
          ...(mode === 'insert'
            ? { password: values.password, passwordConfirmation: values.passwordConfirmation }
            : {}),
        };
      }}
      renderFields={(context) => <UserFields {...context} />}
      rowActions={(row, list) => (
        <Button
          size="small"
          icon={<KeyOutlined />}
          onClick={() =>
            confirmReset(
              row,
              list?.defaultPassword ??
                (appInfo.data as { defaultPassword?: string } | undefined)?.defaultPassword,
            )
          }
          data-testid={`reset-${row.id}`}
        >
          Reset
        </Button>
      )}
    />
  );
}
