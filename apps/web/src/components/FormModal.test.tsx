import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { FormModal } from './FormModal.tsx';

/** The dialog as a screen uses it, with a parent whose saving state has not been rendered yet. */
function Dialog({ onSubmit }: { onSubmit(values: { name: string }): Promise<unknown> }) {
  const [form] = Form.useForm<{ name: string }>();
  return (
    <FormModal<{ name: string }>
      entityLabel="Jalan"
      mode="insert"
      open
      form={form}
      isSaving={false}
      onCancel={() => undefined}
      onSubmit={onSubmit}
    >
      <Form.Item name="name" initialValue="Jalan Tunjungan">
        <Input />
      </Form.Item>
    </FormModal>
  );
}

describe('FormModal', () => {
  it('sends one save when Simpan is clicked again before the screen has shown the save running', async () => {
    // A double-click's second click can arrive after the first click's validation and before React renders
    // the parent's isSaving: only a guard set at the first click stops it.
    const onSubmit = vi.fn(() => new Promise(() => undefined));
    render(
      <AppProviders>
        <Dialog onSubmit={onSubmit} />
      </AppProviders>,
    );
    const save = await screen.findByTestId('form-save');
    fireEvent.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    fireEvent.click(save);
    fireEvent.click(save);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(save.textContent).toBe('Memproses...');
  });

  it('lets Simpan be used again once the save has settled', async () => {
    let settle = () => undefined as unknown;
    const onSubmit = vi.fn(() => new Promise((resolve) => (settle = () => resolve(null))));
    render(
      <AppProviders>
        <Dialog onSubmit={onSubmit} />
      </AppProviders>,
    );
    const save = await screen.findByTestId('form-save');
    fireEvent.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    settle();
    await waitFor(() => expect(save.textContent).toBe('Simpan'));
    fireEvent.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });
});
