import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { formatBytes, type TProposalFile } from '@eusulan/shared';
import { Image } from 'antd';
import { mediaUrl } from '../../../lib/http.ts';
import { PROPOSAL_TEXTS } from '../texts.ts';
import { isImageName } from '../upload-guard.ts';

const downloadUrl = (file: TProposalFile) => mediaUrl(`${file.link}?download=1`);

/**
 * Stored files of a proposal: png, jpg and jpeg preview in place (spec §9), every file has a download
 * link. Media links carry the token as a query parameter (spec §7).
 */
export function ProposalFiles({ files, testId }: { files: readonly TProposalFile[]; testId: string }) {
  if (files.length === 0) return <span data-testid={testId}>{PROPOSAL_TEXTS.noFiles}</span>;
  const images = files.filter((file) => isImageName(file.name));
  return (
    <div className="proposal-files" data-testid={testId}>
      {images.length > 0 ? (
        <div className="proposal-files__images">
          <Image.PreviewGroup>
            {images.map((file) => (
              <Image
                key={file.id}
                src={mediaUrl(file.link)}
                alt={file.name}
                width={88}
                height={88}
                className="proposal-files__thumb"
              />
            ))}
          </Image.PreviewGroup>
        </div>
      ) : null}
      <ul className="proposal-files__list">
        {files.map((file) => (
          <li key={file.id}>
            <FileOutlined />
            <a
              href={downloadUrl(file)}
              download={file.name}
              title={`Unduh ${file.name}`}
              data-testid={`file-download-${file.id}`}
            >
              {file.name} <DownloadOutlined />
            </a>
            <span className="proposal-files__size">{formatBytes(file.size)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
