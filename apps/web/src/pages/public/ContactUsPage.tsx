import { MailOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { Alert, Card, Descriptions, Skeleton, Typography } from 'antd';
import { PublicPageFrame } from '../../components/PublicPageFrame.tsx';
import { useAppInfo, whatsAppLink } from '../../features/app-info/api.ts';

export function ContactUsPage() {
  const appInfo = useAppInfo();
  const info = appInfo.data;

  return (
    <PublicPageFrame>
      <Card className="public-card">
        <Typography.Title level={2}>Contact Us</Typography.Title>
        <Typography.Paragraph type="secondary">
          Pertanyaan, kendala akun, atau masukan tentang e-Usulan Jalan dapat disampaikan melalui kontak
          berikut.
        </Typography.Paragraph>
        {appInfo.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
        {appInfo.isError ? (
          <Alert
            type="warning"
            showIcon
            title="Informasi kontak belum dapat dimuat. Silakan coba lagi nanti."
          />
        ) : null}
        {info ? (
          <Descriptions column={1} bordered size="middle" data-testid="contact-details">
            <Descriptions.Item label="Instansi">{info.departmentName}</Descriptions.Item>
            <Descriptions.Item label="E-mail">
              <a href={`mailto:${info.contactEmail}`} data-testid="contact-email">
                <MailOutlined /> {info.contactEmail}
              </a>
            </Descriptions.Item>
            <Descriptions.Item label="WhatsApp">
              <a
                href={whatsAppLink(info.contactPhone)}
                target="_blank"
                rel="noreferrer"
                data-testid="contact-whatsapp"
              >
                <WhatsAppOutlined /> Chat {info.contactPhone}
              </a>
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
    </PublicPageFrame>
  );
}
