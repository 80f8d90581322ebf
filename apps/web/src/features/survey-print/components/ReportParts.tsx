import type { TAppInfo } from '@eusulan/shared';
import { mediaUrl } from '../../../lib/http.ts';
import { contactLine, inRowsOfTwo, type TReportPhoto } from '../report-model.ts';

/** The agency letterhead from configuration (DESIGN §4): logo when configured, the lines, the contacts. */
export function Letterhead({ appInfo }: { appInfo: TAppInfo }) {
  const [first, second, ...rest] = appInfo.letterhead;
  const contacts = contactLine(appInfo);
  return (
    <header className="report-letterhead" data-testid="report-letterhead">
      {appInfo.report.logoUrl ? (
        <img className="report-letterhead__logo" src={appInfo.report.logoUrl} alt="Logo" />
      ) : null}
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
    </header>
  );
}

/** Photos in two columns, a row never split over two pages; pictures come with the media token. */
export function PhotoGrid({ photos, testId }: { photos: readonly TReportPhoto[]; testId: string }) {
  return (
    <div className="report-photos" data-testid={testId}>
      {inRowsOfTwo(photos).map((row) => (
        <div key={row[0]?.key} className="report-photos__row">
          {row.map((photo) => (
            <figure key={photo.key} className="report-photos__item">
              <img src={mediaUrl(photo.link)} alt={photo.caption} />
              <figcaption>{photo.caption}</figcaption>
            </figure>
          ))}
        </div>
      ))}
    </div>
  );
}
