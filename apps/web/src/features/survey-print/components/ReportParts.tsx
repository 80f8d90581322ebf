import type { TAppInfo } from '@eusulan/shared';
import { mediaUrl } from '../../../lib/http.ts';
import type { TLetterLine } from '../letter-lines.ts';
import type { TAttachmentLine, TPhotoSection } from '../photo-pages.ts';
import { contactLine } from '../report-model.ts';
import { REPORT_TEXTS } from '../texts.ts';

/** The agency letterhead from configuration (DESIGN §4): the crest, the lines, the contacts. */
export function Letterhead({ appInfo, crestSrc }: { appInfo: TAppInfo; crestSrc: string }) {
  const [first, second, ...rest] = appInfo.letterhead;
  const contacts = contactLine(appInfo);
  return (
    <header className="report-letterhead" data-testid="report-letterhead">
      <img className="report-letterhead__logo" src={crestSrc} alt="Logo" data-testid="report-crest" />
      <div className="report-letterhead__lines">
        {first ? <div className="report-letterhead__government">{first}</div> : null}
        {second ? <div className="report-letterhead__agency">{second}</div> : null}
        {rest.map((line) => (
          <div key={line} className="report-letterhead__address">
            {line}
          </div>
        ))}
        {contacts ? <div className="report-letterhead__address">{contacts}</div> : null}
      </div>
      {/* As wide as the crest, so the lines stay centred on the sheet. */}
      <div className="report-letterhead__balance" aria-hidden="true" />
    </header>
  );
}

/**
 * Nomor, Sifat, Lampiran and Perihal on the left; the place and date of the letter and its addressee on the
 * right, as Indonesian official letters set them.
 */
export function LetterLines({
  lines,
  dateLine,
  addressee,
}: {
  lines: readonly TLetterLine[];
  dateLine: string;
  addressee: readonly string[];
}) {
  return (
    <div className="report-letter-lines" data-testid="report-letter-lines">
      <table className="report-fields">
        <tbody>
          {lines.map((line) => (
            <tr key={line.label}>
              <td className="is-label">{line.label}</td>
              <td className="is-colon">:</td>
              <td data-testid={`report-letter-${line.label.toLowerCase()}`}>{line.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="report-letter-lines__to" data-testid="report-addressee">
        <p>{dateLine}</p>
        <p />
        {addressee.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </div>
  );
}

function AttachmentLine({ line }: { line: TAttachmentLine }) {
  if (line.kind === 'heading') return <h3 className="report-attachment__group">{line.text}</h3>;
  return (
    <div className="report-photos__row">
      {line.photos.map((photo) => (
        <figure key={photo.key} className="report-photos__item">
          <img src={mediaUrl(photo.link)} alt={photo.caption} />
          <figcaption>{photo.caption}</figcaption>
        </figure>
      ))}
    </div>
  );
}

/**
 * One attachment (Lampiran) as the pages photo-pages.ts laid out: each a box of a fixed height that starts a
 * printed page, headed with the letter it belongs to and its page of the attachment.
 */
export function AttachmentPages({ section, nomor }: { section: TPhotoSection; nomor: string }) {
  return (
    <div className="report-attachment" data-testid={section.blockId}>
      {section.pages.map((page, index) => (
        <section key={page.key} className="report-attachment__page" data-testid="report-attachment-page">
          <header className="report-attachment__header">
            <div>
              <strong>{section.label}</strong> {REPORT_TEXTS.title} Nomor {nomor}
            </div>
            <div className="report-attachment__title">
              <span>{section.title}</span>
              <span>
                Halaman {index + 1} dari {section.pages.length}
              </span>
            </div>
          </header>
          {page.lines.map((line) => (
            <AttachmentLine key={line.key} line={line} />
          ))}
        </section>
      ))}
    </div>
  );
}
