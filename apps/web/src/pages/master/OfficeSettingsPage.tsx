import {
  formatLetterNumber,
  LETTER_NUMBER_FORMAT_MAX,
  LETTER_NUMBER_PLACEHOLDERS,
  LETTER_SIFAT,
  type TOfficeSettingsValues,
  UPLOAD_LIMITS,
  ZOfficeSettings,
} from '@eusulan/shared';
import { Alert, Button, Card, Form, Input, Select, Space, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useAppInfo } from '../../features/app-info/api.ts';
import {
  useOfficeSettings,
  useRemoveCrest,
  useSaveOfficeSettings,
  useUploadCrest,
} from '../../features/office-settings/api.ts';
import { APP_MARK_URL, crestSource } from '../../features/office-settings/crest.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { zodRule } from '../../lib/form-rules.ts';

const TEXTS = {
  title: 'Pengaturan Surat',
  intro:
    'Berlaku untuk Laporan Hasil Survey Lapangan yang dicetak. Nomor surat diberikan satu kali saat laporan pertama kali dibuka untuk dicetak, dan tidak berubah bila format diganti kemudian.',
  saved: 'Memperbarui pengaturan surat',
  crestHelp: `Gambar PNG atau JPG, paling besar ${UPLOAD_LIMITS.crestBytes / 1024 / 1024} MB. Tanpa logo yang diunggah, kop surat memakai logo aplikasi.`,
  wrongType: 'Silahkan periksa file Anda lagi',
} as const;

const today = new Date();
const example = (format: string) =>
  formatLetterNumber(format, { number: 12, year: today.getFullYear(), month: today.getMonth() + 1 });

/**
 * /master/pengaturan-surat (beside the spec's masters): the survey report's letter number format, its Sifat
 * and the crest on the letterhead. Admins only; every change is audited by the server.
 */
export function OfficeSettingsPage() {
  const settings = useOfficeSettings();
  const appInfo = useAppInfo();
  const save = useSaveOfficeSettings();
  const upload = useUploadCrest();
  const remove = useRemoveCrest();
  const { modal } = useFeedback();
  const [form] = Form.useForm<TOfficeSettingsValues>();
  const format = Form.useWatch('letterNumberFormat', form) ?? '';
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (settings.data) {
      form.setFieldsValue({
        letterNumberFormat: settings.data.letterNumberFormat,
        sifat: settings.data.sifat,
      });
    }
  }, [settings.data, form]);

  /** Runs a change; a refusal is shown by the common handler (the mutation cache), success here. */
  const change = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch {
      return;
    }
    modal.success({ title: 'Berhasil!', content: TEXTS.saved, okText: 'Ok' });
  };

  const submit = (values: TOfficeSettingsValues) =>
    change(() =>
      save.mutateAsync({
        values: { letterNumberFormat: values.letterNumberFormat.trim(), sifat: values.sifat },
        version: settings.data?.version ?? null,
      }),
    );

  const chooseCrest = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.(png|jpe?g)$/i.test(file.name)) {
      modal.warning({ title: 'Peringatan!', content: TEXTS.wrongType, okText: 'Ok' });
      return;
    }
    await change(() => upload.mutateAsync(file));
  };

  if (settings.isPending || appInfo.isPending) return <Spin />;
  if (settings.isError) return <Alert type="error" showIcon title="Pengaturan surat tidak dapat dimuat." />;
  const crestSrc = appInfo.data ? crestSource(settings.data.crestUrl, appInfo.data) : APP_MARK_URL;

  return (
    <div className="office-settings" data-testid="office-settings">
      <PageHeading title={TEXTS.title} />
      <Alert type="info" showIcon title={TEXTS.intro} className="office-settings__intro" />
      <Card title="Nomor dan Sifat Surat" className="office-settings__card">
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="letterNumberFormat"
            label="Format Nomor Surat"
            rules={[zodRule(ZOfficeSettings.shape.letterNumberFormat)]}
            extra={
              <div data-testid="office-settings-example">
                Contoh nomor: <strong>{format ? example(format) : '-'}</strong>. Penanda:{' '}
                {Object.entries(LETTER_NUMBER_PLACEHOLDERS)
                  .map(([name, meaning]) => `{${name}} ${meaning}`)
                  .join('; ')}
                .
              </div>
            }
          >
            <Input maxLength={LETTER_NUMBER_FORMAT_MAX} data-testid="field-letter-number-format" />
          </Form.Item>
          <Form.Item name="sifat" label="Sifat" rules={[zodRule(ZOfficeSettings.shape.sifat)]}>
            <Select
              options={LETTER_SIFAT.map((sifat) => ({ value: sifat, label: sifat }))}
              data-testid="field-sifat"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            data-testid="office-settings-save"
          >
            Simpan
          </Button>
        </Form>
      </Card>
      <Card title="Logo Kop Surat" className="office-settings__card">
        <Space align="center" size="large" wrap>
          <img
            className="office-settings__crest"
            src={crestSrc}
            alt="Logo kop surat"
            data-testid="office-settings-crest"
          />
          <Space direction="vertical">
            <span data-testid="office-settings-crest-name">
              {settings.data.crestName ?? 'Logo aplikasi (bawaan)'}
            </span>
            <Space wrap>
              <Button onClick={() => fileInput.current?.click()} loading={upload.isPending}>
                Unggah Logo
              </Button>
              <Button
                onClick={() => change(() => remove.mutateAsync())}
                disabled={!settings.data.crestUrl}
                loading={remove.isPending}
                data-testid="office-settings-crest-reset"
              >
                Gunakan Logo Aplikasi
              </Button>
            </Space>
            <span className="office-settings__help">{TEXTS.crestHelp}</span>
          </Space>
        </Space>
        <input
          ref={fileInput}
          type="file"
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          hidden
          data-testid="office-settings-crest-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void chooseCrest(file);
          }}
        />
      </Card>
    </div>
  );
}
