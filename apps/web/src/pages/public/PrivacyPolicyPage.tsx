import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { PublicPageFrame } from '../../components/PublicPageFrame.tsx';

const { Title, Paragraph } = Typography;

/** Static English text (spec §2): log files, cookies, advertising partners, children under 13, consent. */
export function PrivacyPolicyPage() {
  return (
    <PublicPageFrame>
      <Card className="public-card public-card--prose">
        <Title level={2}>Privacy Policy for e-Usulan Jalan</Title>
        <Paragraph>
          e-Usulan Jalan is the road-works proposal and survey system of the city's public works office. It is
          used by office staff, appointed survey consultants and structural officials to register road-works
          proposals, survey them, approve them and follow them through to completed works. This policy
          explains what information the application records when you use it and how that information is used.
          It applies only to this application and not to information collected offline or through other
          channels.
        </Paragraph>

        <Title level={3}>Information we process</Title>
        <Paragraph>
          Accounts are created by the office's administrators; there is no public sign-up. For each account we
          keep a name, a username, a role and, for consultants, the consultant company and district. Proposals
          contain the proposer's name and phone number, the location of the road, and any documents, photos or
          videos attached to them. This information is used only to process road-works proposals and is not
          sold or shared for any other purpose.
        </Paragraph>

        <Title level={3}>Log files</Title>
        <Paragraph>
          Like most web applications, e-Usulan Jalan keeps log files. When you use the application the server
          records technical details such as your Internet Protocol (IP) address, browser type, the date and
          time of the request, the page or function requested and the result of sign-in attempts. These
          records are not linked to anything beyond your account activity. They are used to keep the service
          secure (for example, to limit repeated failed sign-in attempts), to diagnose faults and to
          understand how the application is used.
        </Paragraph>

        <Title level={3}>Cookies and local storage</Title>
        <Paragraph>
          e-Usulan Jalan does not use tracking cookies. After you sign in, your browser's local storage keeps
          an access token so that you stay signed in while you work; it is removed when you sign out, when you
          change your password, or when your session ends. The sign-in page may use a bot check: the
          self-hosted check works without cookies, while Google reCAPTCHA, when the office enables it, may set
          its own cookies under Google's privacy policy. You can block or delete cookies and site data in your
          browser settings, but you will then need to sign in again.
        </Paragraph>

        <Title level={3}>Advertising partners</Title>
        <Paragraph>
          e-Usulan Jalan is a government service. It shows no advertising, has no advertising partners and
          does not allow third-party advertising technologies, web beacons or ad networks to collect
          information about its users. Should a third-party service be embedded (such as map imagery or a bot
          check), that service is governed by its own privacy policy, which you may wish to consult.
        </Paragraph>

        <Title level={3}>Children's information</Title>
        <Paragraph>
          Protecting children online matters to us. e-Usulan Jalan is a work tool for adults and does not
          knowingly collect any personally identifiable information from children under the age of 13. If you
          believe a child has provided such information through this application, please{' '}
          <Link to="/contact-us">contact us</Link> and we will promptly remove it from our records.
        </Paragraph>

        <Title level={3}>Consent</Title>
        <Paragraph>
          By using e-Usulan Jalan you consent to this Privacy Policy and agree to its terms. The office may
          update this policy when the application changes; the version shown on this page is the one in force.
          Questions about this policy can be sent through the <Link to="/contact-us">Contact Us</Link> page.
        </Paragraph>
      </Card>
    </PublicPageFrame>
  );
}
