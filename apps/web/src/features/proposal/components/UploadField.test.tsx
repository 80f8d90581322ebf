import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { UploadFile } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { proposalFileRule } from '../upload-guard.ts';
import { UploadField } from './UploadField.tsx';

const RULE = proposalFileRule(10 * 1024 * 1024);

function renderField(value: UploadFile[]) {
  const onChange = vi.fn();
  render(
    <AppProviders>
      <UploadField value={value} onChange={onChange} rule={RULE} />
    </AppProviders>,
  );
  const input = screen.getByTestId('field-files').querySelector('input[type=file]') as HTMLInputElement;
  const choose = (...files: File[]) => {
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    fireEvent.change(input);
  };
  return { onChange, choose };
}

const stored = (count: number): UploadFile[] =>
  Array.from({ length: count }, (_, index) => ({
    uid: `existing-${index + 1}`,
    name: `f${index}.png`,
    status: 'done',
  }));

describe('UploadField', { timeout: 15_000 }, () => {
  it('keeps accepted files in the list (marked done, never uploaded) and warns about the others', async () => {
    const { onChange, choose } = renderField([]);
    choose(new File(['x'], 'foto.png'), new File(['x'], 'catatan.txt'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const list = onChange.mock.calls.at(-1)?.[0] as UploadFile[];
    expect(list.map((item) => [item.name, item.status])).toEqual([['foto.png', 'done']]);
    expect(list[0]?.originFileObj).toBeInstanceOf(File);
    expect(await screen.findByText('Silahkan periksa file Anda lagi')).toBeVisible();
  });

  it('stops at 10 files, stored ones included', async () => {
    const { onChange, choose } = renderField(stored(9));
    expect((screen.getByRole('button', { name: /Pilih File/ }) as HTMLButtonElement).disabled).toBe(false);
    choose(new File(['x'], 'ke-10.png'), new File(['x'], 'ke-11.png'));
    expect(await screen.findByText('Maksimal 10 file dalam satu unggahan.')).toBeVisible();
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const names = (onChange.mock.calls.at(-1)![0] as UploadFile[]).map((item) => item.name);
    expect(names).toContain('ke-10.png');
    expect(names).not.toContain('ke-11.png');
  });

  it('lists stored files as links and removes one with its own button', async () => {
    const kept: UploadFile[] = [
      { uid: 'existing-1', name: 'surat.pdf', status: 'done', url: '/media/surat.pdf' },
      {
        uid: 'existing-2',
        name: 'foto.png',
        status: 'done',
        url: '/media/foto.png',
        thumbUrl: '/media/foto.png',
      },
    ];
    const { onChange } = renderField(kept);
    expect(screen.getByRole('link', { name: 'surat.pdf' }).getAttribute('href')).toBe('/media/surat.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Hapus surat.pdf' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect((onChange.mock.calls.at(-1)![0] as UploadFile[]).map((item) => item.uid)).toEqual(['existing-2']);
  });

  it('disables choosing once the list is full', () => {
    renderField(stored(10));
    expect((screen.getByRole('button', { name: /Pilih File/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
